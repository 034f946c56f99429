import SearchIcon from '@mui/icons-material/Search'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useEffect, useState, type SubmitEvent } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'

import { EmptyState } from '../../components/EmptyState'
import { LoadFailed } from '../../components/LoadFailed'
import { LoadingState } from '../../components/LoadingState'
import { usePageTitle } from '../../components/usePageTitle'
import { formatDate } from '../../lib/format'

import { useSearchTravellersQuery } from './api'

/** Travellers: search by e-mail, username or friend code; a result opens the traveller's page. */
export function TravellersScreen() {
  usePageTitle('Travellers · Console')
  const [params, setParams] = useSearchParams()
  const [q, setQ] = useState(params.get('q') ?? '')
  const [typed, setTyped] = useState(q)
  // The address keeps the search, so Back from a traveller's page returns to the results. Written after the submit
  // event rather than in it, as a navigation inside a form's submit event is taken for a form action.
  useEffect(() => {
    setParams(q ? { q } : {}, { replace: true })
  }, [q, setParams])
  const handleSearch = (event: SubmitEvent) => {
    event.preventDefault()
    setQ(typed.trim())
  }
  return (
    <Stack spacing={2}>
      <Stack component="form" role="search" onSubmit={handleSearch} direction="row" spacing={1}>
        <TextField
          label="E-mail, username or friend code"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          Search
        </Button>
      </Stack>
      {q ? <Results q={q} /> : null}
    </Stack>
  )
}

function Results({ q }: { q: string }) {
  const { data, isLoading, isFetching, isError, refetch } = useSearchTravellersQuery(q)
  if (isLoading) return <LoadingState label="Searching" />
  if (isError || !data) return <LoadFailed onRetry={() => void refetch()} retrying={isFetching} />
  if (data.length === 0) return <EmptyState message={`No traveller matches “${q}”.`} />
  return (
    <Paper variant="outlined">
      <List aria-label="Travellers found">
        {data.map((match) => (
          <ListItemButton
            key={match.userId}
            component={RouterLink}
            to={`/console/travellers/${encodeURIComponent(match.userId)}`}
          >
            <ListItemText
              primary={`${match.username} · ${match.email}`}
              secondary={`Friend code ${match.friendCode} · joined ${formatDate(match.createdAt)}`}
            />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  )
}
