import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type SubmitEvent } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { PASSWORD_RESET_TEXTS } from '@shared/session'

import { errorMessage } from '../../api/errors'
import { usePageTitle } from '../../components/usePageTitle'
import { paths } from '../../lib/paths'

import { sessionApi } from './api'

/** Asks for a reset link by e-mail (docs/product.md#forgot-password); the answer never says whether the account exists. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot Password')
  const [email, setEmail] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [requestReset, { isLoading, error, reset }] = sessionApi.endpoints.requestPasswordReset.useMutation()

  const handleSubmit = async (event: SubmitEvent) => {
    event.preventDefault()
    const address = email.trim()
    const answer = await requestReset({ email: address })
    if (!('error' in answer)) setSentTo(address)
  }

  return (
    <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 440, mx: 'auto', mt: { xs: 2, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Forgot your password?
      </Typography>
      {sentTo !== null ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {PASSWORD_RESET_TEXTS.requested(sentTo)}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Type the e-mail of your account and we will send you a link to set a new password.
          </Typography>
          <Box component="form" onSubmit={handleSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <TextField
              id="forgot-email"
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value)
                if (error) reset()
              }}
              fullWidth
              autoFocus
            />
            {error ? (
              <Alert severity="warning" role="alert">
                {errorMessage(error)}
              </Alert>
            ) : null}
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={!email.trim() || isLoading}
              startIcon={isLoading ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              Send Link
            </Button>
          </Box>
        </>
      )}
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.login.href()}>
          Back to Log In
        </Link>
      </Typography>
    </Paper>
  )
}
