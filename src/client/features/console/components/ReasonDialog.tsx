import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type SubmitEvent } from 'react'

import { OPERATOR_REASON_MAX_LENGTH } from '@shared/operator'

/** The reason field's limit, in the dialog and in the credit form alike. */
export const reasonProps = { htmlInput: { maxLength: OPERATOR_REASON_MAX_LENGTH } }

/**
 * The form every action on a traveller takes: what it does, and the reason kept in the audit log (required).
 * `onSubmit` answers whether the action was done; the dialog closes then, and otherwise stays open with the reason.
 */
export function ReasonDialog({
  open,
  title,
  confirm,
  loading,
  onClose,
  onSubmit,
}: {
  open: boolean
  title: string
  confirm: string
  loading: boolean
  onClose: () => void
  onSubmit: (reason: string) => Promise<boolean>
}) {
  const [reason, setReason] = useState('')
  const close = () => {
    setReason('')
    onClose()
  }
  const handleSubmit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (!reason.trim()) return
    if (await onSubmit(reason.trim())) close()
  }
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{confirm}</Typography>
          <TextField
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            fullWidth
            autoFocus
            helperText="Kept in the audit log."
            slotProps={reasonProps}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!reason.trim()} loading={loading}>
            Confirm
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
