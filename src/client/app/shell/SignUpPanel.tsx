import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'

import { REGISTRATION_CACHE_KEY, RegistrationForm } from '../../components/RegistrationForm'
import { useRegisterMutation } from '../../features/session/api'

interface SignUpPanelProps {
  friendCode: string
  idPrefix: string
  heading: string
}

/** The home page's sign-up form; both panels share one registration call (REGISTRATION_CACHE_KEY). */
export function SignUpPanel({ friendCode, idPrefix, heading }: SignUpPanelProps) {
  const [register, { isLoading }] = useRegisterMutation({ fixedCacheKey: REGISTRATION_CACHE_KEY })
  return (
    <Paper elevation={3} sx={{ p: { xs: 2.5, sm: 4 }, width: '100%', maxWidth: 420 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {heading}
      </Typography>
      <RegistrationForm
        defaultFriendCode={friendCode}
        idPrefix={idPrefix}
        submitLabel="Sign Up"
        onRegister={(body) => register(body).unwrap()}
        registering={isLoading}
      />
    </Paper>
  )
}
