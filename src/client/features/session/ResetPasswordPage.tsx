import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { useState, type SubmitEvent } from 'react'
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom'

import { ACCOUNT_TEXTS } from '@shared/account'
import { NEW_PASSWORD_MAX_LENGTH, NEW_PASSWORD_MIN_LENGTH, PASSWORD_RESET_TEXTS } from '@shared/session'

import { errorMessage } from '../../api/errors'
import { PasswordField } from '../../components/PasswordField'
import { usePageTitle } from '../../components/usePageTitle'
import { paths } from '../../lib/paths'
import { enqueueSnackbar } from '../../lib/toast'

import { sessionApi } from './api'

/** The refusals that mean the link itself is no use: the page then offers a new one. */
const LINK_REFUSALS: readonly string[] = [
  PASSWORD_RESET_TEXTS.linkInvalid,
  PASSWORD_RESET_TEXTS.linkUsed,
  PASSWORD_RESET_TEXTS.linkExpired,
  PASSWORD_RESET_TEXTS.linkOfAnotherAccount,
]

/** The token of the e-mailed link, from the fragment (`#token=…`). */
function tokenOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') || null
}

/** Sets a new password with the e-mailed link (docs/product.md#reset-password), then logs the traveller in. */
export function ResetPasswordPage() {
  usePageTitle('Set a New Password')
  const location = useLocation()
  const navigate = useNavigate()
  const token = tokenOf(location.hash)
  const [password, setPassword] = useState('')
  const [resetPassword, { isLoading, error, reset }] = sessionApi.endpoints.resetPassword.useMutation()

  const handleSubmit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (!token) return
    const answer = await resetPassword({ token, newPassword: password })
    if ('error' in answer) return
    enqueueSnackbar(PASSWORD_RESET_TEXTS.done, { variant: 'success' })
    if (answer.data.accountDeletionCancelled) enqueueSnackbar(ACCOUNT_TEXTS.deletionCancelled, { variant: 'info' })
    await navigate(paths.home.href(), { replace: true })
  }

  const message = error ? errorMessage(error) : null
  const askAgain = (
    <Link component={RouterLink} to={paths.forgotPassword.href()}>
      Ask for a new link
    </Link>
  )

  return (
    <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 440, mx: 'auto', mt: { xs: 2, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Set a new password
      </Typography>
      {!token ? (
        <Alert severity="warning" role="alert">
          {PASSWORD_RESET_TEXTS.linkMissing} {askAgain}
        </Alert>
      ) : (
        <Box component="form" onSubmit={handleSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography color="text.secondary">
            Choose a new password for your account. Setting it logs you out everywhere else.
          </Typography>
          <PasswordField
            id="reset-password"
            label="New password"
            autoComplete="new-password"
            value={password}
            onChange={(value) => {
              setPassword(value)
              if (error) reset()
            }}
            helperText={`${NEW_PASSWORD_MIN_LENGTH} to ${NEW_PASSWORD_MAX_LENGTH} characters, any you like. A few words you will remember make a strong one.`}
            autoFocus
          />
          {message ? (
            <Alert severity="warning" role="alert">
              {message} {LINK_REFUSALS.includes(message) ? askAgain : null}
            </Alert>
          ) : null}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!password || isLoading}
            startIcon={isLoading ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Set New Password
          </Button>
        </Box>
      )}
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.login.href()}>
          Back to Log In
        </Link>
      </Typography>
    </Paper>
  )
}
