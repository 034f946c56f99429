import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Link from '@mui/material/Link'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router-dom'

import { TRIP_MEMBERS_MAX, type Trip } from '@shared/trips'

import { ListSkeleton } from '../../../components/ListSkeleton'
import { LoadFailed } from '../../../components/LoadFailed'
import { UserAvatar } from '../../../components/UserAvatar'
import { paths } from '../../../lib/paths'
import { useGetMyFriendsQuery } from '../../friends/api'
import { useInviteToTripMutation } from '../api'

/** The owner invites friends to travel in the trip; each one answers from the notification or the trip's page. */
export function InviteFriendsDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
  const friends = useGetMyFriendsQuery(undefined, { skip: !open })
  const [invite, { isLoading, originalArgs }] = useInviteToTripMutation()
  const inTrip = new Map(trip.travellers.map((traveller) => [traveller.userId, traveller.role]))
  const full = trip.travellers.filter((traveller) => traveller.role !== 'owner').length >= TRIP_MEMBERS_MAX

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="invite-friends">
      <DialogTitle id="invite-friends">Invite friends</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 1 }}>
          Friends who accept can add their own memories of this journey. Each traveller edits only their own.
        </DialogContentText>
        {friends.isLoading ? (
          <ListSkeleton label="Loading your friends" count={3} height={48} />
        ) : friends.isError && !friends.data ? (
          <LoadFailed message="Your friends could not be loaded." onRetry={() => void friends.refetch()} />
        ) : !friends.data || friends.data.length === 0 ? (
          <Typography color="text.secondary">
            You can invite only your friends.{' '}
            <Link component={RouterLink} to={paths.myFriends.href()} underline="always">
              Add a friend with their code
            </Link>{' '}
            first.
          </Typography>
        ) : (
          <List dense aria-label="Your friends">
            {friends.data.map((friend) => {
              const role = inTrip.get(friend.userId)
              const sending = isLoading && originalArgs?.userId === friend.userId
              return (
                <ListItem
                  key={friend.userId}
                  disableGutters
                  secondaryAction={
                    role ? (
                      <Typography variant="body2" color="text.secondary">
                        {role === 'invited' ? 'Invited' : 'Travelling'}
                      </Typography>
                    ) : (
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={sending || full}
                        aria-label={`Invite ${friend.username}`}
                        onClick={() => void invite({ tripId: trip.tripId, userId: friend.userId })}
                      >
                        Invite
                      </Button>
                    )
                  }
                >
                  <ListItemAvatar>
                    <UserAvatar avatarId={friend.avatarId} username={friend.username} size={36} />
                  </ListItemAvatar>
                  <ListItemText primary={friend.username} />
                </ListItem>
              )
            })}
          </List>
        )}
        {full && (
          <Typography color="text.secondary" variant="body2">
            A trip has at most {TRIP_MEMBERS_MAX} travellers besides its owner.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  )
}
