import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import TextField from '@mui/material/TextField'
import { useState, type SubmitEvent } from 'react'
import { useNavigate } from 'react-router-dom'

import { ACCOUNT_DELETION_GRACE_DAYS, ACCOUNT_TEXTS } from '@shared/account'
import type { User } from '@shared/session'

import { baseApi } from '../../../api/baseApi'
import { sessionEnded } from '../../../api/sessionEvents'
import { CreditAmount } from '../../../components/CreditAmount'
import { formatDate } from '../../../lib/format'
import { useAppDispatch } from '../../../lib/hooks'
import { paths } from '../../../lib/paths'
import { closeSnackbar, enqueueSnackbar } from '../../../lib/toast'
import { useRequestAccountDeletionMutation } from '../api'

const DAY_MS = 86_400_000

export interface DeleteAccountDialogProps {
  user: User
  onClose: () => void
}

/**
 * The confirmation of "Delete my account" (docs/product.md#account-deletion): what goes, what stays, the date, and the
 * username typed exactly. Once asked, the traveller is logged out everywhere and lands on the home page, which says
 * when the account will go.
 */
export function DeleteAccountDialog({ user, onClose }: DeleteAccountDialogProps) {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const [typed, setTyped] = useState('')
  const [requestDeletion, { isLoading }] = useRequestAccountDeletionMutation()
  const confirmed = typed.trim() === user.username
  // The day the server will name, as the dialog opens; its answer gives the exact time.
  const [dueDate] = useState(() =>
    formatDate(new Date(Date.now() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS).toISOString()),
  )

  const submit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (!confirmed) return
    // A refusal is shown by the shared request handling; the dialog stays as typed.
    const answer = await requestDeletion({ username: typed.trim() })
      .unwrap()
      .catch(() => null)
    if (!answer) return
    dispatch(sessionEnded('logout'))
    navigate(paths.home.href(), { replace: true })
    setTimeout(() => dispatch(baseApi.util.resetApiState()), 0)
    enqueueSnackbar(ACCOUNT_TEXTS.deletionScheduled(formatDate(answer.deletionDueAt)), {
      variant: 'info',
      persist: true,
      action: (key) => (
        <Button color="inherit" size="small" aria-label="Dismiss" onClick={() => closeSnackbar(key)}>
          ✕
        </Button>
      ),
    })
  }

  return (
    <Dialog
      open
      onClose={isLoading ? undefined : onClose}
      aria-labelledby="delete-account-title"
      aria-describedby="delete-account-what"
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" onSubmit={submit}>
        <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText id="delete-account-what">
            Your account will be deleted on {dueDate}, {ACCOUNT_DELETION_GRACE_DAYS} days from now: your profile, your
            memories and their pictures, your cards and draws, your comments and likes, your friendships and your
            notifications. Until then, logging in cancels the deletion. You will be logged out on every device now.
          </DialogContentText>
          <DialogContentText component="div">
            Your remaining credit is forfeited (
            <CreditAmount value={user.digitalCredit} label="Digital credit" />,{' '}
            <CreditAmount value={user.physicalCredit} kind="physical" label="Physical credit" />
            ). Your purchases and credit history are kept without your name, for accounting. To keep your memories,
            download your data first.
          </DialogContentText>
          <TextField
            label="Type your username to confirm"
            helperText={`Your username is ${user.username}`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={!confirmed || isLoading}
            startIcon={isLoading ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Delete My Account
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
