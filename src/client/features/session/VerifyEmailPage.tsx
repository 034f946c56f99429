import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { useEffect, useRef } from 'react'
import { Link as RouterLink, useLocation } from 'react-router-dom'

import { EMAIL_VERIFICATION_TEXTS } from '@shared/emailVerificationTexts'

import { errorMessage } from '../../api/errors'
import { usePageTitle } from '../../components/usePageTitle'
import { useAppSelector } from '../../lib/hooks'
import { paths } from '../../lib/paths'

import { selectLoggedIn } from './api'
import { emailVerificationApi } from './emailVerificationApi'

/** The token of the e-mailed link, from the fragment (`#token=…`). */
function tokenOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') || null
}

/**
 * Confirms the address with the link of the welcome e-mail (docs/product.md#verified-e-mail), as soon as it opens: the
 * link may be opened logged in or not, on any device.
 */
export function VerifyEmailPage() {
  usePageTitle('Confirm Your E-mail')
  const location = useLocation()
  const loggedIn = useAppSelector(selectLoggedIn)
  const token = tokenOf(location.hash)
  const [verifyEmail, { data, error, isUninitialized }] = emailVerificationApi.endpoints.verifyEmail.useMutation()
  // Once per token, however often React runs the effect (StrictMode runs it twice).
  const sent = useRef<string | null>(null)

  useEffect(() => {
    if (!token || sent.current === token) return
    sent.current = token
    void verifyEmail({ token })
  }, [token, verifyEmail])

  const next = loggedIn ? (
    <Button component={RouterLink} to={paths.home.href()} variant="contained">
      Continue
    </Button>
  ) : (
    <Button component={RouterLink} to={paths.login.href()} variant="contained">
      Log In
    </Button>
  )

  return (
    <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 440, mx: 'auto', mt: { xs: 2, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Confirm your e-mail
      </Typography>
      {!token ? (
        <Alert severity="warning" role="alert">
          {EMAIL_VERIFICATION_TEXTS.linkMissing}
        </Alert>
      ) : data ? (
        <Alert severity="success" role="status">
          {EMAIL_VERIFICATION_TEXTS.done(data.email)}
        </Alert>
      ) : error ? (
        <Alert severity="warning" role="alert">
          {errorMessage(error)}
        </Alert>
      ) : (
        <Typography role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <CircularProgress size={20} />
          {EMAIL_VERIFICATION_TEXTS.verifying}
        </Typography>
      )}
      {!token || !isUninitialized ? <Typography sx={{ mt: 3, textAlign: 'center' }}>{next}</Typography> : null}
    </Paper>
  )
}
