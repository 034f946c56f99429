import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import Link from '@mui/material/Link'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import type { GiftUserCardResult } from '@shared/collection'

import { errorMessage, isApiError, isFailure, isReplayRefusal } from '../../../api/errors'
import { formatDate } from '../../../lib/format'
import { paths } from '../../../lib/paths'
import { useGetMyFriendsQuery } from '../../friends/api'
import { useGetGiftAllowanceQuery, useGiftUserCardMutation } from '../api'

export interface GiftCardDialogProps {
  open: boolean
  userCardId: string
  cardId: string
  cardName: string
  onClose: () => void
  onGiven: (result: GiftUserCardResult) => void
}

/** "Gift to a friend" (docs/product.md#gifts): choose a friend, then the copy moves to them. */
export function GiftCardDialog({ open, userCardId, cardId, cardName, onClose, onGiven }: GiftCardDialogProps) {
  const friends = useGetMyFriendsQuery(undefined, { skip: !open })
  const allowance = useGetGiftAllowanceQuery(undefined, { skip: !open })
  const [giftUserCard, { isLoading: giving, error, reset }] = useGiftUserCardMutation()
  const [friendUserId, setFriendUserId] = useState<string | null>(null)

  function handleClose() {
    if (giving) return
    reset()
    setFriendUserId(null)
    onClose()
  }

  async function handleGive() {
    if (!friendUserId) return
    try {
      onGiven(await giftUserCard({ userCardId, friendUserId, cardId }).unwrap())
    } catch {
      // The refusal shows in the dialog; a failure also gets the shared toast.
    }
  }

  const loading = friends.isLoading || allowance.isLoading
  const noneLeft = allowance.data?.giftsLeftToday === 0
  const friendList = friends.data ?? []

  return (
    <Dialog open={open} onClose={handleClose} aria-labelledby="gift-card-title" fullWidth maxWidth="xs">
      <DialogTitle id="gift-card-title">Gift to a friend</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            Give this copy of {cardName} to a friend. It leaves your collection and joins theirs; you keep your other
            copies.
          </DialogContentText>
          {loading ? (
            <Stack spacing={1} aria-label="Loading your friends">
              <Skeleton variant="rounded" height={40} />
              <Skeleton variant="rounded" height={40} />
            </Stack>
          ) : friends.isError || allowance.isError ? (
            <Alert
              severity="error"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    void friends.refetch()
                    void allowance.refetch()
                  }}
                >
                  Try Again
                </Button>
              }
            >
              Your friends could not be loaded.
            </Alert>
          ) : friendList.length === 0 ? (
            <Alert severity="info">
              Add a friend first to give them a card:{' '}
              <Link component={RouterLink} to={paths.myFriends.href()} underline="always">
                My Friends
              </Link>
              .
            </Alert>
          ) : (
            <>
              {allowance.data && (
                <DialogContentText>
                  {noneLeft
                    ? `You have given ${allowance.data.dailyLimit} cards today, the most a day allows. You can give again from ${formatDate(allowance.data.resetsAt)} (midnight UTC).`
                    : `You can give ${allowance.data.giftsLeftToday} more ${allowance.data.giftsLeftToday === 1 ? 'card' : 'cards'} today.`}
                </DialogContentText>
              )}
              <RadioGroup
                aria-label="Choose a friend"
                value={friendUserId ?? ''}
                onChange={(event) => setFriendUserId(event.target.value)}
              >
                {friendList.map((friend) => (
                  <FormControlLabel
                    key={friend.userId}
                    value={friend.userId}
                    disabled={noneLeft || giving}
                    control={<Radio />}
                    label={friend.username}
                  />
                ))}
              </RadioGroup>
            </>
          )}
          {isApiError(error) && !isFailure(error) && !isReplayRefusal(error) && (
            <Alert severity="warning">{errorMessage(error)}</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={handleClose} disabled={giving}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={handleGive}
          loading={giving}
          disabled={!friendUserId || noneLeft || loading}
        >
          Give
        </Button>
      </DialogActions>
    </Dialog>
  )
}
