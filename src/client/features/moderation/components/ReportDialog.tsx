import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useId, useState, type SubmitEvent } from 'react'

import type { ReportReason } from '@shared/moderation'
import { MODERATION_TEXTS, REPORT_NOTE_MAX_LENGTH, REPORT_REASONS } from '@shared/moderationTexts'

import { errorMessage, isApiError, isFailure, isReplayRefusal } from '../../../api/errors'
import type { ReportTarget } from '../../../components/reportAction'
import { useReportItemMutation } from '../api'

export interface ReportDialogProps {
  target: ReportTarget
  onClose: () => void
}

/**
 * The report dialog (docs/product.md#reports-and-moderation): a reason, an optional note, then the confirmation in the
 * dialog itself. A second report of the same item is answered as already reported.
 */
export function ReportDialog({ target, onClose }: ReportDialogProps) {
  const titleId = useId()
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [note, setNote] = useState('')
  const [reportItem, { isLoading, error, data }] = useReportItemMutation()
  const conflict = isApiError(error) && error.status === 409
  const done = data !== undefined || conflict

  async function handleSubmit(event: SubmitEvent) {
    event.preventDefault()
    if (!reason) return
    try {
      await reportItem({
        itemType: target.itemType,
        itemId: target.itemId,
        reason,
        ...(note.trim() ? { note: note.trim() } : {}),
      }).unwrap()
    } catch {
      // The refusal shows in the dialog; a failure also gets the shared toast.
    }
  }

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>{MODERATION_TEXTS.dialogTitle[target.itemType]}</DialogTitle>
        <DialogContent>
          {done ? (
            <Alert severity={conflict ? 'info' : 'success'} role="status">
              {conflict ? MODERATION_TEXTS.alreadyReported : MODERATION_TEXTS.reported}
            </Alert>
          ) : (
            <Stack spacing={2}>
              <DialogContentText>{MODERATION_TEXTS.dialogIntro}</DialogContentText>
              <FormControl>
                <FormLabel id={`${titleId}-reason`}>Reason</FormLabel>
                <RadioGroup
                  aria-labelledby={`${titleId}-reason`}
                  value={reason ?? ''}
                  onChange={(event) => setReason(event.target.value as ReportReason)}
                >
                  {REPORT_REASONS.map((option) => (
                    <FormControlLabel
                      key={option.value}
                      value={option.value}
                      control={<Radio />}
                      label={option.label}
                      disabled={isLoading}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
              <TextField
                label={MODERATION_TEXTS.noteLabel}
                value={note}
                onChange={(event) => setNote(event.target.value.slice(0, REPORT_NOTE_MAX_LENGTH))}
                multiline
                minRows={2}
                disabled={isLoading}
                helperText={`${note.length}/${REPORT_NOTE_MAX_LENGTH}`}
              />
              {isApiError(error) && !isFailure(error) && !isReplayRefusal(error) && (
                <Alert severity="warning">{errorMessage(error)}</Alert>
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {done ? (
            <Button onClick={onClose} autoFocus>
              Close
            </Button>
          ) : (
            <>
              <Button onClick={onClose} disabled={isLoading}>
                {MODERATION_TEXTS.cancel}
              </Button>
              <Button type="submit" variant="contained" loading={isLoading} disabled={!reason}>
                {MODERATION_TEXTS.submit}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  )
}
