import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { useState, type SubmitEvent } from 'react'
import { Link as RouterLink, useLocation } from 'react-router-dom'

import { ACCOUNT_CHANGE_TEXTS } from '@shared/accountChange'
import { NEW_PASSWORD_MAX_LENGTH, NEW_PASSWORD_MIN_LENGTH } from '@shared/session'

import { errorMessage } from '../../api/errors'
import { sessionEnded } from '../../api/sessionEvents'
import { PasswordField } from '../../components/PasswordField'
import { usePageTitle } from '../../components/usePageTitle'
import { useAppDispatch, useAppSelector } from '../../lib/hooks'
import { paths } from '../../lib/paths'
import { selectLoggedIn } from '../session/api'

import { useUndoEmailChangeMutation } from './accountChangeApi'
import { tokenOfLink } from './linkToken'

/**
 * Opened from the link e-mailed to the old address after a change (docs/product.md#undo-e-mail-change): gives the
 * address back to the account with a new password, since whoever changed it may know the old one, and logs the
 * account out everywhere.
 */
export function UndoEmailChangePage() {
  usePageTitle('Undo the Change of E-mail Address')
  const token = tokenOfLink(useLocation().hash)
  const dispatch = useAppDispatch()
  const loggedIn = useAppSelector(selectLoggedIn) === true
  const [password, setPassword] = useState('')
  const [undoEmailChange, { data, isLoading, error, reset }] = useUndoEmailChangeMutation()

  const handleSubmit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (!token || !password) return
    const answer = await undoEmailChange({ token, newPassword: password })
    // Every session of the account ended, this browser's too if it held one.
    if (!('error' in answer) && loggedIn) dispatch(sessionEnded('logout'))
  }

  return (
    <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 480, mx: 'auto', mt: { xs: 2, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Undo the change of e-mail address
      </Typography>
      {!token ? (
        <Alert severity="warning" role="alert">
          {ACCOUNT_CHANGE_TEXTS.linkMissing}
        </Alert>
      ) : data ? (
        <Alert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
          {ACCOUNT_CHANGE_TEXTS.undone(data.email)}{' '}
          <Link component={RouterLink} to={paths.login.href()}>
            Log In
          </Link>
        </Alert>
      ) : (
        <Box component="form" onSubmit={handleSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography color="text.secondary">
            This gives your account its old e-mail address back and logs it out everywhere. Whoever changed the address
            may know your password, so choose a new one.
          </Typography>
          <PasswordField
            id="undo-email-change-password"
            label="New password"
            autoComplete="new-password"
            value={password}
            onChange={(value) => {
              setPassword(value)
              if (error) reset()
            }}
            helperText={`${NEW_PASSWORD_MIN_LENGTH} to ${NEW_PASSWORD_MAX_LENGTH} characters, any you like.`}
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
            disabled={!password || isLoading}
            startIcon={isLoading ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Undo the Change
          </Button>
        </Box>
      )}
    </Paper>
  )
}
