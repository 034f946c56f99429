import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useId } from 'react'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  message: string
  confirm: string
  busy?: boolean
  onConfirm: () => void
  onClose: () => void
}

/** Asks before a trip change that cannot be undone by a click (delete, leave, remove a traveller). */
export function ConfirmDialog({ open, title, message, confirm, busy = false, onConfirm, onClose }: ConfirmDialogProps) {
  const titleId = useId()
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onConfirm}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
