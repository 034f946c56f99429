import LockResetIcon from '@mui/icons-material/LockReset'
import MailIcon from '@mui/icons-material/MailOutline'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useId, useState, type SubmitEvent } from 'react'

import { ACCOUNT_CHANGE_TEXTS } from '@shared/accountChange'
import { NEW_PASSWORD_MAX_LENGTH, NEW_PASSWORD_MIN_LENGTH } from '@shared/session'

import { errorMessage } from '../../../api/errors'
import { PasswordField } from '../../../components/PasswordField'
import { enqueueSnackbar } from '../../../lib/toast'
import { useChangePasswordMutation, useRequestEmailChangeMutation } from '../accountChangeApi'

type OpenForm = 'password' | 'email' | null

/**
 * My Account's "Password and e-mail" section (docs/product.md#change-password, docs/product.md#change-e-mail): one
 * form open at a time, each asking for the current password; refusals are shown in place, under the form.
 */
export function AccountSecurity({ email }: { email: string }) {
  const [open, setOpen] = useState<OpenForm>(null)
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null)
  const headingId = useId()

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography id={headingId} variant="h6" component="h2">
        Password and e-mail
      </Typography>
      {linkSentTo ? (
        <Alert severity="info" role="status" onClose={() => setLinkSentTo(null)}>
          {ACCOUNT_CHANGE_TEXTS.linkSent(linkSentTo)}
        </Alert>
      ) : null}
      {open === 'password' ? (
        <ChangePasswordForm onDone={() => setOpen(null)} />
      ) : open === 'email' ? (
        <ChangeEmailForm
          email={email}
          onCancel={() => setOpen(null)}
          onSent={(pendingEmail) => {
            setLinkSentTo(pendingEmail)
            setOpen(null)
          }}
        />
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button variant="outlined" startIcon={<LockResetIcon />} onClick={() => setOpen('password')}>
            Change Password
          </Button>
          <Button variant="outlined" startIcon={<MailIcon />} onClick={() => setOpen('email')}>
            Change E-mail
          </Button>
        </Box>
      )}
    </Paper>
  )
}

interface FormButtonsProps {
  busy: boolean
  ready: boolean
  submitLabel: string
  onCancel: () => void
}

function FormButtons({ busy, submitLabel, onCancel, ready }: FormButtonsProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={busy || !ready}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {submitLabel}
      </Button>
    </Box>
  )
}

/** Current and new password; the new one's rules are the server's, whose message is shown under the form. */
function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const [currentPassword, setCurrentPassword] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [changePassword, { isLoading, error, reset }] = useChangePasswordMutation()
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value)
    if (error) reset()
  }

  const handleSubmit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (!currentPassword || !newPassword) return
    const answer = await changePassword({ currentPassword, newPassword })
    if ('error' in answer) return
    enqueueSnackbar(ACCOUNT_CHANGE_TEXTS.passwordChanged, { variant: 'success' })
    onDone()
  }

  return (
    <Stack component="form" spacing={2} onSubmit={handleSubmit} noValidate aria-label="Change password">
      <Typography color="text.secondary">
        Changing your password logs your account out everywhere else; this device stays logged in.
      </Typography>
      <PasswordField
        id="change-password-current"
        label="Current password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={edited(setCurrentPassword)}
        autoFocus
      />
      <PasswordField
        id="change-password-new"
        label="New password"
        autoComplete="new-password"
        value={newPassword}
        onChange={edited(setNewPassword)}
        helperText={`${NEW_PASSWORD_MIN_LENGTH} to ${NEW_PASSWORD_MAX_LENGTH} characters, any you like. A few words you will remember make a strong one.`}
      />
      {error ? (
        <Alert severity="warning" role="alert">
          {errorMessage(error)}
        </Alert>
      ) : null}
      <FormButtons
        busy={isLoading}
        ready={currentPassword !== '' && newPassword !== ''}
        submitLabel="Change Password"
        onCancel={onDone}
      />
    </Stack>
  )
}

interface ChangeEmailFormProps {
  email: string
  onCancel: () => void
  onSent: (pendingEmail: string) => void
}

/** The new address and the current password; the address changes only once the link e-mailed to it is opened. */
function ChangeEmailForm({ email, onCancel, onSent }: ChangeEmailFormProps) {
  const [newEmail, setNewEmail] = useState('')
  const [password, setPassword] = useState('')
  const [requestEmailChange, { isLoading, error, reset }] = useRequestEmailChangeMutation()
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value)
    if (error) reset()
  }

  const handleSubmit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (!newEmail.trim() || !password) return
    const answer = await requestEmailChange({ newEmail: newEmail.trim(), password })
    if ('error' in answer) return
    onSent(answer.data.pendingEmail)
  }

  return (
    <Stack component="form" spacing={2} onSubmit={handleSubmit} noValidate aria-label="Change e-mail">
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Your account uses {email}. We will send a link to the new address; it takes effect once you open it, and {email}{' '}
        is told, with a way to undo the change.
      </Typography>
      <TextField
        id="change-email-new"
        label="New e-mail address"
        type="email"
        autoComplete="email"
        value={newEmail}
        onChange={(event) => edited(setNewEmail)(event.target.value)}
        required
        fullWidth
        autoFocus
      />
      <PasswordField
        id="change-email-password"
        label="Current password"
        autoComplete="current-password"
        value={password}
        onChange={edited(setPassword)}
      />
      {error ? (
        <Alert severity="warning" role="alert">
          {errorMessage(error)}
        </Alert>
      ) : null}
      <FormButtons
        busy={isLoading}
        ready={newEmail.trim() !== '' && password !== ''}
        submitLabel="Send Confirmation Link"
        onCancel={onCancel}
      />
    </Stack>
  )
}
