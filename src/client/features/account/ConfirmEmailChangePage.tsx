import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { Link as RouterLink, useLocation } from 'react-router-dom'

import { ACCOUNT_CHANGE_TEXTS } from '@shared/accountChange'

import { errorMessage } from '../../api/errors'
import { usePageTitle } from '../../components/usePageTitle'
import { useAppSelector } from '../../lib/hooks'
import { paths } from '../../lib/paths'
import { selectLoggedIn } from '../session/api'

import { useConfirmEmailChangeMutation } from './accountChangeApi'
import { tokenOfLink } from './linkToken'

/**
 * Opened from the link e-mailed to a new address (docs/product.md#confirm-e-mail-change): one press makes it the
 * account's. A press rather than on opening, so a mail scanner that opens links changes nothing.
 */
export function ConfirmEmailChangePage() {
  usePageTitle('Confirm Your New E-mail Address')
  const token = tokenOfLink(useLocation().hash)
  const loggedIn = useAppSelector(selectLoggedIn) === true
  const [confirmEmailChange, { data, isLoading, error }] = useConfirmEmailChangeMutation()

  const onward = loggedIn ? (
    <Link component={RouterLink} to={paths.myAccount.href()}>
      Go to My Account
    </Link>
  ) : (
    <Link component={RouterLink} to={paths.login.href()}>
      Log In
    </Link>
  )

  return (
    <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 480, mx: 'auto', mt: { xs: 2, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Confirm your new e-mail address
      </Typography>
      {!token ? (
        <Alert severity="warning" role="alert">
          {ACCOUNT_CHANGE_TEXTS.linkMissing}
        </Alert>
      ) : data ? (
        <Alert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
          {ACCOUNT_CHANGE_TEXTS.confirmed(data.email)} {onward}
        </Alert>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography color="text.secondary">
            Confirm to log in with this address from now on. Your old address is told, and can undo the change.
          </Typography>
          {error ? (
            <Alert severity="warning" role="alert">
              {errorMessage(error)}
            </Alert>
          ) : null}
          <Button
            variant="contained"
            size="large"
            disabled={isLoading}
            onClick={() => void confirmEmailChange({ token })}
            startIcon={isLoading ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Confirm New Address
          </Button>
        </Box>
      )}
    </Paper>
  )
}
