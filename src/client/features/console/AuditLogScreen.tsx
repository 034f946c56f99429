import DownloadIcon from '@mui/icons-material/Download'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type SubmitEvent } from 'react'

import type { AuditLogFilter } from '@shared/operator'

import { EmptyState } from '../../components/EmptyState'
import { LoadFailed } from '../../components/LoadFailed'
import { LoadingState } from '../../components/LoadingState'
import { usePageTitle } from '../../components/usePageTitle'
import { enqueueSnackbar } from '../../lib/toast'

import { useExportAuditLogMutation, useGetAuditLogQuery } from './api'

const EMPTY_FILTER = { operatorUserId: '', action: '', targetType: '', targetId: '', from: '', to: '' }
type FilterForm = typeof EMPTY_FILTER

function filterOf(form: FilterForm): AuditLogFilter {
  return Object.fromEntries(
    Object.entries(form)
      .filter(([, value]) => value.trim() !== '')
      .map(([key, value]) => [key, value.trim()]),
  )
}

/** The audit log: newest first, filtered by operator, action, target and days, and exported as CSV with the filter. */
export function AuditLogScreen() {
  usePageTitle('Audit Log · Console')
  const [form, setForm] = useState<FilterForm>(EMPTY_FILTER)
  const [filter, setFilter] = useState<AuditLogFilter>({})
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined])
  const [exportLog, exporting] = useExportAuditLogMutation()
  const { data: firstPage } = useGetAuditLogQuery(filter)
  const set = (name: keyof FilterForm) => (event: { target: { value: string } }) =>
    setForm({ ...form, [name]: event.target.value })

  const handleFilter = (event: SubmitEvent) => {
    event.preventDefault()
    setFilter(filterOf(form))
    setCursors([undefined])
  }
  const handleExport = async () => {
    try {
      const csv = await exportLog(filter).unwrap()
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
      const link = document.createElement('a')
      link.href = url
      link.download = `wandercards-audit-log-${new Date().toISOString().slice(0, 10)}.csv`
      link.click()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
    } catch {
      enqueueSnackbar('The export could not be made just now. Please try again.', { variant: 'warning' })
    }
  }

  return (
    <Stack spacing={2}>
      <Paper
        component="form"
        variant="outlined"
        onSubmit={handleFilter}
        aria-label="Filter the audit log"
        sx={{ p: 2 }}
      >
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <TextField
            select
            label="Operator"
            value={form.operatorUserId}
            onChange={set('operatorUserId')}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">Everyone</MenuItem>
            {(firstPage?.operators ?? []).map((operator) => (
              <MenuItem key={operator.userId} value={operator.userId}>
                {operator.username ?? `(erased) ${operator.userId.slice(0, 8)}`}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Action" value={form.action} onChange={set('action')} placeholder="credit.grant" />
          <TextField label="Target type" value={form.targetType} onChange={set('targetType')} placeholder="user" />
          <TextField label="Target id" value={form.targetId} onChange={set('targetId')} />
          <TextField
            label="From"
            type="date"
            value={form.from}
            onChange={set('from')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="To"
            type="date"
            value={form.to}
            onChange={set('to')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button type="submit" variant="contained">
              Filter
            </Button>
            <Button startIcon={<DownloadIcon />} onClick={() => void handleExport()} loading={exporting.isLoading}>
              Export CSV
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {cursors.map((cursor, index) => (
        <LogPage
          key={cursor ?? 'first'}
          filter={filter}
          cursor={cursor}
          first={index === 0}
          last={index === cursors.length - 1}
          onMore={(next) => setCursors([...cursors, next])}
        />
      ))}
    </Stack>
  )
}

interface LogPageProps {
  filter: AuditLogFilter
  cursor: string | undefined
  first: boolean
  last: boolean
  onMore: (cursor: string) => void
}

function LogPage({ filter, cursor, first, last, onMore }: LogPageProps) {
  const { data, isLoading, isFetching, isError, refetch } = useGetAuditLogQuery({
    ...filter,
    ...(cursor ? { cursor } : {}),
  })
  if (isLoading) return <LoadingState label="Loading the audit log" />
  if (isError || !data) return <LoadFailed onRetry={() => void refetch()} retrying={isFetching} />
  if (first && data.entries.length === 0) return <EmptyState message="No operator action matches this filter." />
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Operator actions">
          <TableHead>
            <TableRow>
              <TableCell>When (UTC)</TableCell>
              <TableCell>Operator</TableCell>
              <TableCell>Action</TableCell>
              <TableCell>Target</TableCell>
              <TableCell>Reason</TableCell>
              <TableCell>Details</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{entry.createdAt.slice(0, 19).replace('T', ' ')}</TableCell>
                <TableCell>
                  {entry.operatorUserId ? (entry.operatorUsername ?? '(erased account)') : 'server command'}
                </TableCell>
                <TableCell>{entry.action}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {entry.targetType}: {entry.targetUsername ?? entry.targetId}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.reason}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Typography variant="body2" component="code">
                    {JSON.stringify(entry.details)}
                  </Typography>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {last && data.nextCursor ? (
        <Button onClick={() => data.nextCursor && onMore(data.nextCursor)}>Show more</Button>
      ) : null}
    </>
  )
}
