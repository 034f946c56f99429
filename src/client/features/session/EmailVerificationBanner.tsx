import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import { useLocation } from 'react-router-dom'

import { EMAIL_VERIFICATION_TEXTS } from '@shared/emailVerificationTexts'

import { paths } from '../../lib/paths'

import { useCurrentUser } from './api'
import { emailVerificationApi } from './emailVerificationApi'

/**
 * A quiet note above every screen while the traveller's address is not confirmed, with Resend
 * (docs/product.md#verified-e-mail). Loaded in a chunk of its own, so the first load does without it.
 */
export function EmailVerificationBanner() {
  const { data: user } = useCurrentUser()
  const { pathname } = useLocation()
  const [resend, { data: resent, isLoading }] = emailVerificationApi.endpoints.resendVerificationEmail.useMutation()
  // The confirmation page says all there is to say.
  if (!user || user.emailVerified || pathname === paths.verifyEmail.path) return null
  return (
    <Alert
      severity="info"
      variant="outlined"
      // The address in the text is one long word: on a phone it wraps, where the message would scroll sideways (an
      // area a keyboard cannot reach).
      sx={{ mb: 2, alignItems: 'center', '& .MuiAlert-message': { overflow: 'visible', overflowWrap: 'anywhere' } }}
      action={
        resent ? undefined : (
          <Button
            color="inherit"
            size="small"
            disabled={isLoading}
            startIcon={isLoading ? <CircularProgress size={14} color="inherit" /> : undefined}
            onClick={() => void resend(undefined)}
          >
            {EMAIL_VERIFICATION_TEXTS.resend}
          </Button>
        )
      }
    >
      {resent ? EMAIL_VERIFICATION_TEXTS.resent(resent.email) : EMAIL_VERIFICATION_TEXTS.banner(user.email)}
    </Alert>
  )
}
