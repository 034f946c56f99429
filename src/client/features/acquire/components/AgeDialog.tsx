import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'

import { AGE_CONFIRMATION_TEXTS } from '@shared/acquire'

export interface AgeDialogProps {
  open: boolean
  confirming: boolean
  onConfirm: () => void
  onClose: () => void
}

/**
 * Asked once before the first paid draw (docs/product.md#age-confirmation): the confirm button has the focus, Enter
 * confirms, Escape or "Not now" closes without drawing.
 */
export function AgeDialog({ open, confirming, onConfirm, onClose }: AgeDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={confirming ? undefined : onClose}
      aria-labelledby="age-dialog-title"
      aria-describedby="age-dialog-text"
      maxWidth="xs"
    >
      <DialogTitle id="age-dialog-title">{AGE_CONFIRMATION_TEXTS.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="age-dialog-text">{AGE_CONFIRMATION_TEXTS.body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={confirming}>
          {AGE_CONFIRMATION_TEXTS.cancel}
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={confirming} autoFocus>
          {AGE_CONFIRMATION_TEXTS.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
