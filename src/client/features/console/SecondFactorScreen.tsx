import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type SubmitEvent } from 'react'

import { useEnrolSecondFactorMutation, useVerifySecondFactorMutation } from './api'

/**
 * The operator's second factor: the first time, "Set Up Authenticator App" shows a QR code and the secret to type in,
 * and the first code confirms it; after that, every new session asks for a code.
 */
export function SecondFactorScreen({ enrolled }: { enrolled: boolean }) {
  const [enrol, enrolment] = useEnrolSecondFactorMutation()
  const [verify, verification] = useVerifySecondFactorMutation()
  const [code, setCode] = useState('')
  const proposal = enrolment.data

  const handleVerify = async (event: SubmitEvent) => {
    event.preventDefault()
    try {
      await verify({ code: code.trim() }).unwrap()
    } catch {
      // The shared request handling shows why; the code stays for a correction.
    }
  }

  const codeForm = (
    <Stack component="form" onSubmit={handleVerify} noValidate spacing={2} direction={{ xs: 'column', sm: 'row' }}>
      <TextField
        label="Code from your authenticator app"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 12 } }}
        autoFocus
        required
      />
      <Button type="submit" variant="contained" loading={verification.isLoading} disabled={!code.trim()}>
        Verify
      </Button>
    </Stack>
  )

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 640, mx: 'auto', width: '100%' }}>
      <Stack spacing={2.5}>
        <Typography variant="h4" component="h1">
          {enrolled ? 'Operator Sign-In' : 'Set Up Your Authenticator App'}
        </Typography>
        {enrolled ? (
          <>
            <Typography color="text.secondary">
              Enter the six-digit code your authenticator app shows for Wandercards.
            </Typography>
            {codeForm}
          </>
        ) : proposal ? (
          <>
            <Typography color="text.secondary">
              Scan this code with an authenticator app (Google Authenticator, 1Password, Authy…), or type the secret in,
              then enter the code the app shows.
            </Typography>
            <Box
              component="img"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(proposal.qrSvg)}`}
              alt="QR code to scan with your authenticator app"
              sx={{ width: 220, height: 220, alignSelf: 'center', bgcolor: 'common.white', p: 1, borderRadius: 1 }}
            />
            <Alert severity="info" icon={false}>
              <Typography variant="body2">Secret</Typography>
              <Typography
                data-testid="totp-secret"
                sx={{ fontFamily: 'monospace', fontSize: '1.1rem', wordBreak: 'break-all', userSelect: 'all' }}
              >
                {proposal.secret}
              </Typography>
            </Alert>
            {codeForm}
          </>
        ) : (
          <>
            <Typography color="text.secondary">
              The console needs a second factor. Set up an authenticator app on your phone once; after that, each new
              sign-in asks for its code.
            </Typography>
            <Box>
              <Button variant="contained" onClick={() => void enrol()} loading={enrolment.isLoading}>
                Set Up Authenticator App
              </Button>
            </Box>
          </>
        )}
      </Stack>
    </Paper>
  )
}
