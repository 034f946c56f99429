import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type SubmitEvent } from 'react'
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router-dom'

import { ACCOUNT_TEXTS } from '@shared/account'

import { usePageTitle } from '../../components/usePageTitle'
import { useAppSelector } from '../../lib/hooks'
import { paths } from '../../lib/paths'
import { enqueueSnackbar } from '../../lib/toast'

import { selectLoggedIn, useLoginMutation } from './api'

/** Only same-site paths are followed after login. */
function safeFrom(from: string | null): string {
  return from && from.startsWith('/') && !from.startsWith('//') ? from : paths.home.href()
}

export function LoginPage() {
  usePageTitle('Log In')
  const loggedIn = useAppSelector(selectLoggedIn)
  const [searchParams] = useSearchParams()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [login, { isLoading }] = useLoginMutation()

  if (loggedIn) return <Navigate to={safeFrom(searchParams.get('from'))} replace />

  const handleSubmit = async (event: SubmitEvent) => {
    event.preventDefault()
    // Failures are shown by the shared request handling (the server's message as a warning).
    const answer = await login({ email: email.trim(), password })
      .unwrap()
      .catch(() => null)
    if (answer?.accountDeletionCancelled) enqueueSnackbar(ACCOUNT_TEXTS.deletionCancelled, { variant: 'info' })
  }

  return (
    <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 440, mx: 'auto', mt: { xs: 2, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Log In
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Welcome back, traveller. Your cards and memories are waiting.
      </Typography>
      <Box component="form" onSubmit={handleSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TextField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          fullWidth
          autoFocus
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!email || !password || isLoading}
          startIcon={isLoading ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Log In
        </Button>
      </Box>
      <Typography sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.forgotPassword.href()}>
          Forgot password?
        </Link>
      </Typography>
      <Typography sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.home.href()}>
          Back to the homepage
        </Link>
      </Typography>
    </Paper>
  )
}
