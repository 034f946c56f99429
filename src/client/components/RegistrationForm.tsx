import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import { useState, type SubmitEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'

import { EMAIL_PATTERN, FRIEND_CODE_LENGTH, PRODUCT_NAME, TUTORIAL_NAMES } from '@shared/constants'
import type { RegisterBody, RegisterResult } from '@shared/session'
import { SIGN_UP_TEXTS as TEXTS } from '@shared/signUpTexts'

import { errorMessage, isReplayRefusal } from '../api/errors'
import { paths } from '../lib/paths'
import { readStorage, STORAGE_KEYS, tutorialKey, writeStorage } from '../lib/storage'
import { closeSnackbar, enqueueSnackbar } from '../lib/toast'

import { OutlinedTextField } from './OutlinedTextField'

const emailPattern = new RegExp(EMAIL_PATTERN)

export interface RegistrationFormProps {
  /** Pre-filled from the `r` query parameter. */
  defaultFriendCode?: string
  /** A visitor's free draw, which then waits in the new collection. */
  freeDrawTransactionId?: string
  submitLabel?: string
  idPrefix: string
  /**
   * Sends the registration: the screen wires the session feature's register call (under REGISTRATION_CACHE_KEY),
   * so this shared component depends on no feature.
   */
  onRegister: (body: RegisterBody) => Promise<RegisterResult>
  registering: boolean
}

/** Registration forms on one screen share one mutation, so the screen can tell a fresh sign-up from a returning user. */
export const REGISTRATION_CACHE_KEY = 'registration'

/**
 * First registration: the tutorial flags are set and the stored referral code is used up
 * (docs/product.md#first-registration).
 */
function startFirstVisit() {
  for (const name of TUTORIAL_NAMES) writeStorage(tutorialKey(name), 'true')
  writeStorage(STORAGE_KEYS.referralCode, null)
}

export function RegistrationForm({
  defaultFriendCode = '',
  freeDrawTransactionId,
  submitLabel = 'Sign Up',
  idPrefix,
  onRegister,
  registering,
}: RegistrationFormProps) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [friendCode, setFriendCode] = useState(defaultFriendCode.toUpperCase().slice(0, FRIEND_CODE_LENGTH))
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({})
  const navigate = useNavigate()

  const handleSubmit = async (event: SubmitEvent) => {
    event.preventDefault()
    const nextErrors = {
      email: emailPattern.test(email.trim()) ? undefined : TEXTS.invalidEmail,
      password: password.length > 0 ? undefined : TEXTS.invalidPassword,
    }
    setErrors(nextErrors)
    if (nextErrors.email || nextErrors.password) {
      enqueueSnackbar(TEXTS.fillRegistration, { variant: 'warning' })
      return
    }
    const trimmedEmail = email.trim()
    const ref = readStorage(STORAGE_KEYS.referralCode) ?? undefined
    try {
      const result = await onRegister({
        email: trimmedEmail,
        name: trimmedEmail.split('@')[0],
        password,
        ...(friendCode.trim() ? { friendCode: friendCode.trim().toUpperCase() } : {}),
        ...(ref ? { ref } : {}),
        ...(freeDrawTransactionId ? { freeDrawTransactionId } : {}),
      })
      // A warning about an earlier try is stale once the sign-up succeeds; it must not follow the user to /welcome.
      closeSnackbar()
      startFirstVisit()
      if (freeDrawTransactionId) writeStorage(STORAGE_KEYS.freeDrawCard, null)
      enqueueSnackbar(TEXTS.welcome(PRODUCT_NAME, result.username), { variant: 'success' })
      navigate(paths.welcome.href(result.invitationReward))
    } catch (error) {
      if (!isReplayRefusal(error)) enqueueSnackbar(errorMessage(error), { variant: 'warning' })
    }
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      aria-label="Sign up"
    >
      <OutlinedTextField
        id={`${idPrefix}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(errors.email)}
        helperText={errors.email}
        fullWidth
      />
      <OutlinedTextField
        id={`${idPrefix}-password`}
        label="Password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password}
        fullWidth
      />
      <OutlinedTextField
        id={`${idPrefix}-friend-code`}
        label="Friend code (optional)"
        value={friendCode}
        onChange={(event) => setFriendCode(event.target.value.toUpperCase().slice(0, FRIEND_CODE_LENGTH))}
        inputProps={{ maxLength: FRIEND_CODE_LENGTH, autoCapitalize: 'characters', spellCheck: false }}
        fullWidth
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={registering}
        startIcon={registering ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {submitLabel}
      </Button>
      {/* Plain router links: the form is on the first page, where no more of MUI may load. */}
      <Box component="p" sx={{ m: 0, typography: 'body2', color: 'text.secondary', '& a': { color: 'primary.main' } }}>
        By signing up you accept the <Link to={paths.terms.href()}>Terms</Link> and the{' '}
        <Link to={paths.privacy.href()}>Privacy notice</Link>.
      </Box>
    </Box>
  )
}
