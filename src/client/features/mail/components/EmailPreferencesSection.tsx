import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import FormControlLabel from '@mui/material/FormControlLabel'
import Paper from '@mui/material/Paper'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'

import { EMAIL_PREFERENCE_TEXTS as TEXTS } from '@shared/mail'

import { LoadingState } from '../../../components/LoadingState'
import { enqueueSnackbar } from '../../../lib/toast'
import { useGetEmailPreferencesQuery, useSetEmailPreferencesMutation } from '../api'

/**
 * "E-mails" on My Account (docs/product.md#screen-my-account): the daily digest of notifications, off until turned on.
 * Self-contained, so My Account's route composes it without the page knowing about e-mail.
 */
export function EmailPreferencesSection() {
  const { data, isLoading, isError, refetch } = useGetEmailPreferencesQuery()
  const [save, { isLoading: saving }] = useSetEmailPreferencesMutation()

  async function toggle(notificationDigest: boolean) {
    const saved = await save({ notificationDigest })
      .unwrap()
      .catch(() => null)
    // A refusal or failure is shown by the shared handling; the switch stays as the server has it.
    if (saved) enqueueSnackbar(saved.notificationDigest ? TEXTS.savedOn : TEXTS.savedOff, { variant: 'success' })
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="email-preferences-title"
      sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Typography variant="h6" component="h2" id="email-preferences-title">
        {TEXTS.heading}
      </Typography>
      {isLoading ? (
        <LoadingState label={TEXTS.loading} />
      ) : isError || !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {TEXTS.loadFailed}
        </Alert>
      ) : (
        <>
          <FormControlLabel
            control={
              <Switch
                checked={data.notificationDigest}
                disabled={saving}
                onChange={(event) => void toggle(event.target.checked)}
              />
            }
            label={TEXTS.digestLabel}
          />
          <Typography color="text.secondary">{TEXTS.digestHelp}</Typography>
        </>
      )}
    </Paper>
  )
}
