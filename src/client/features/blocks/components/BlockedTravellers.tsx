import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'

import { BLOCK_TEXTS, type ListedTraveller } from '@shared/blocks'

import { LoadingState } from '../../../components/LoadingState'
import { UserAvatar } from '../../../components/UserAvatar'
import { formatDate } from '../../../lib/format'
import { enqueueSnackbar } from '../../../lib/toast'
import {
  useGetBlockedTravellersQuery,
  useGetMutedTravellersQuery,
  useUnblockTravellerMutation,
  useUnmuteTravellerMutation,
} from '../api'

/**
 * "Blocked travellers" and "Muted travellers" on My Account (docs/product.md#blocking), each with its way back.
 * Self-contained, so My Account's route composes it without the page knowing about blocks.
 */
export function BlockedTravellers() {
  const blocked = useGetBlockedTravellersQuery()
  const muted = useGetMutedTravellersQuery()
  const [unblock, unblocking] = useUnblockTravellerMutation()
  const [unmute, unmuting] = useUnmuteTravellerMutation()

  return (
    <>
      <TravellerList
        id="blocked-travellers"
        title={BLOCK_TEXTS.blockedTitle}
        help={BLOCK_TEXTS.blockedHelp}
        empty={BLOCK_TEXTS.noneBlocked}
        action={BLOCK_TEXTS.unblock}
        travellers={blocked.data}
        busy={unblocking.isLoading}
        onAction={async (traveller) => {
          const done = await unblock({ travellerId: traveller.userId })
            .unwrap()
            .then(() => true)
            .catch(() => false)
          if (done) enqueueSnackbar(BLOCK_TEXTS.unblocked(traveller.username), { variant: 'success' })
        }}
      />
      <TravellerList
        id="muted-travellers"
        title={BLOCK_TEXTS.mutedTitle}
        help={BLOCK_TEXTS.mutedHelp}
        empty={BLOCK_TEXTS.noneMuted}
        action={BLOCK_TEXTS.unmuteButton}
        travellers={muted.data}
        busy={unmuting.isLoading}
        onAction={async (traveller) => {
          const done = await unmute({ travellerId: traveller.userId })
            .unwrap()
            .then(() => true)
            .catch(() => false)
          if (done) enqueueSnackbar(BLOCK_TEXTS.unmuted(traveller.username), { variant: 'success' })
        }}
      />
    </>
  )
}

interface TravellerListProps {
  id: string
  title: string
  help: string
  empty: string
  action: string
  travellers: ListedTraveller[] | undefined
  busy: boolean
  onAction: (traveller: ListedTraveller) => Promise<void>
}

function TravellerList({ id, title, help, empty, action, travellers, busy, onAction }: TravellerListProps) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography variant="h6" component="h2" id={`${id}-title`}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {help}
      </Typography>
      {!travellers ? (
        <LoadingState label={title} />
      ) : travellers.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <List aria-labelledby={`${id}-title`} disablePadding>
          {travellers.map((traveller) => (
            <ListItem
              key={traveller.userId}
              disableGutters
              secondaryAction={
                <Button
                  variant="outlined"
                  size="small"
                  disabled={busy}
                  onClick={() => void onAction(traveller)}
                  aria-label={`${action} ${traveller.username}`}
                >
                  {action}
                </Button>
              }
            >
              <ListItemAvatar>
                <UserAvatar avatarId={traveller.avatarId} username={traveller.username} size={40} />
              </ListItemAvatar>
              <ListItemText primary={traveller.username} secondary={`Since ${formatDate(traveller.since)}`} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  )
}
