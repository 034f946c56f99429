import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Skeleton from '@mui/material/Skeleton'

import { CreditAmount } from '../../../components/CreditAmount'
import { useGetRecycleValueQuery, useRecycleUserCardMutation } from '../api'

export interface RecycleCardDialogProps {
  open: boolean
  userCardId: string
  cardId: string
  cardName: string
  /** The traveller has no other copy of the card: recycling this one takes the place out of their collection. */
  onlyCopy?: boolean
  onClose: () => void
  onRecycled: () => void
}

/** Asks before a copy is recycled and shows the digital credit it pays. */
export function RecycleCardDialog({
  open,
  userCardId,
  cardId,
  cardName,
  onlyCopy = false,
  onClose,
  onRecycled,
}: RecycleCardDialogProps) {
  const {
    data: value,
    isFetching: valueLoading,
    isError: valueFailed,
  } = useGetRecycleValueQuery(userCardId, { skip: !open })
  const [recycleUserCard, { isLoading: recycling }] = useRecycleUserCardMutation()

  async function handleRecycle() {
    try {
      await recycleUserCard({ userCardId, cardId }).unwrap()
      onRecycled()
    } catch {
      // The shared error toast has told the user why; the dialog closes so the page can show the copy as it is now.
      onClose()
    }
  }

  return (
    <Dialog
      open={open}
      onClose={recycling ? undefined : onClose}
      aria-labelledby="recycle-card-title"
      aria-describedby="recycle-card-text"
    >
      <DialogTitle id="recycle-card-title">Recycle Card</DialogTitle>
      <DialogContent>
        <DialogContentText id="recycle-card-text" component="div">
          Recycle this copy of {cardName} for{' '}
          {value === undefined || valueLoading ? (
            <Skeleton
              variant="text"
              width={80}
              sx={{ display: 'inline-block' }}
              aria-label="Loading the recycle value"
            />
          ) : (
            <CreditAmount value={value} label="Recycle value" />
          )}{' '}
          digital credit? The copy leaves your collection and cannot be restored.
        </DialogContentText>
        {onlyCopy && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            This is your only copy of {cardName}. Recycling it takes the place out of your collection.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={recycling}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="secondary"
          onClick={handleRecycle}
          loading={recycling}
          disabled={valueLoading || valueFailed || value === undefined}
        >
          Recycle
        </Button>
      </DialogActions>
    </Dialog>
  )
}
