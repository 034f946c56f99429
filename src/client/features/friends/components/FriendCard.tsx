import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import type { Friend } from '@shared/friends'
import { TEXTS } from '@shared/texts'

import { CardStats } from '../../../components/CardStats'
import type { RenderTravellerActions } from '../../../components/travellerActions'
import { UserAvatar } from '../../../components/UserAvatar'
import { formatDate } from '../../../lib/format'
import { paths } from '../../../lib/paths'
import { enqueueSnackbar } from '../../../lib/toast'
import { useRemoveFriendMutation } from '../api'

export interface FriendCardProps {
  friend: Friend
  renderTravellerActions?: RenderTravellerActions
}

/** One friend: avatar, name (to their page in the app), level, collection stats, friend since, and Remove (after a confirmation). */
export function FriendCard({ friend, renderTravellerActions }: FriendCardProps) {
  const [removeFriend, { isLoading }] = useRemoveFriendMutation()
  const [confirming, setConfirming] = useState(false)

  const handleRemove = async () => {
    try {
      await removeFriend({ friendCode: friend.friendCode }).unwrap()
      enqueueSnackbar(TEXTS.friendRemoved(friend.username), { variant: 'success' })
    } catch {
      // The shared request handling has already shown why.
    }
    setConfirming(false)
  }

  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      aria-label={friend.username}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <UserAvatar avatarId={friend.avatarId} username={friend.username} size={56} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h3" noWrap>
            {/* A block, the width of the name's column, so a phone's finger gets a target of at least 24 px beside
                the buttons; it clips the name itself, as the heading would. */}
            <Link
              component={RouterLink}
              to={paths.friend.href(friend.userId)}
              color="inherit"
              underline="hover"
              sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {friend.username}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Level {friend.userLevel}
          </Typography>
        </Box>
        <Button
          color="error"
          variant="outlined"
          size="small"
          onClick={() => setConfirming(true)}
          aria-label={`Remove ${friend.username}`}
        >
          Remove
        </Button>
        {renderTravellerActions?.(friend)}
      </Box>
      <CardStats stats={friend.userCardStats} dense />
      <Typography variant="body2" color="text.secondary">
        Friend since {formatDate(friend.createdAt)}
      </Typography>

      <Dialog
        open={confirming}
        onClose={() => !isLoading && setConfirming(false)}
        aria-labelledby={`remove-${friend.userId}`}
      >
        <DialogTitle id={`remove-${friend.userId}`}>Remove {friend.username}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            You will no longer be friends. You can add each other again with your friend codes.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={isLoading}>
            Cancel
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={handleRemove}
            disabled={isLoading}
            startIcon={isLoading ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  )
}
