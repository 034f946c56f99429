import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type SubmitEvent } from 'react'

import { TEXTS } from '@shared/texts'
import { TEST_MODE_CARDS } from '@shared/wallet'

import { isReplayRefusal } from '../../../api/errors'
import { formatMoney } from '../../../lib/format'
import { useConfirmTestModePaymentMutation } from '../api'

export interface TestModeCheckoutFormProps {
  clientSecret: string
  amount: number
  /** Called with the intent id once the test card is charged, like Stripe's redirect back. */
  onSucceeded: (paymentIntentId: string) => void
}

/** The built-in test-mode provider's card form: no real card is charged, and only the listed test numbers pay. */
export function TestModeCheckoutForm({ clientSecret, amount, onSucceeded }: TestModeCheckoutFormProps) {
  const [confirmPayment, { isLoading }] = useConfirmTestModePaymentMutation()
  const [cardNumber, setCardNumber] = useState('')
  const [expiry, setExpiry] = useState('')
  const [cvc, setCvc] = useState('')
  const [message, setMessage] = useState<string | null>(null)

  async function handleSubmit(event: SubmitEvent) {
    event.preventDefault()
    setMessage(null)
    try {
      const result = await confirmPayment({ clientSecret, cardNumber, expiry, cvc }).unwrap()
      if (result.status === 'succeeded') onSucceeded(result.paymentIntentId)
      else setMessage(result.error?.message ?? TEXTS.unexpectedPaymentError)
    } catch (error) {
      if (!isReplayRefusal(error)) setMessage(TEXTS.unexpectedPaymentError)
    }
  }

  return (
    <Stack component="form" onSubmit={handleSubmit} spacing={2} noValidate>
      <Alert severity="warning" variant="outlined">
        <AlertTitle>Test mode — no real money</AlertTitle>
        <Typography variant="body2" component="div">
          Payments are simulated. Use a test card with any future expiry date and any 3-digit CVC:
          <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
            <li>
              <code>{TEST_MODE_CARDS.succeeds}</code> succeeds
            </li>
            <li>
              <code>{TEST_MODE_CARDS.declined}</code> is declined
            </li>
            <li>
              <code>{TEST_MODE_CARDS.insufficientFunds}</code> has insufficient funds
            </li>
          </ul>
        </Typography>
      </Alert>
      <TextField
        label="Test card number"
        value={cardNumber}
        onChange={(event) => setCardNumber(event.target.value)}
        placeholder={TEST_MODE_CARDS.succeeds}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 23 } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Expiry (MM/YY)"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          placeholder="12/34"
          slotProps={{ htmlInput: { autoComplete: 'off', maxLength: 7 } }}
          sx={{ flex: 1 }}
        />
        <TextField
          label="CVC"
          value={cvc}
          onChange={(event) => setCvc(event.target.value)}
          placeholder="123"
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 4 } }}
          sx={{ flex: 1 }}
        />
      </Stack>
      {message && <Alert severity="error">{message}</Alert>}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={isLoading}
        startIcon={isLoading ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        Pay {formatMoney(amount)}
      </Button>
    </Stack>
  )
}
