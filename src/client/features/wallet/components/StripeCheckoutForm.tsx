import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import { useState, type SubmitEvent } from 'react'

import { TEXTS } from '@shared/texts'

import { formatMoney } from '../../../lib/format'
import { paths } from '../../../lib/paths'

export interface StripeCheckoutFormProps {
  amount: number
}

/** Stripe's Payment Element; on success Stripe redirects back to /myWallet?payment_intent=… for verification. */
export function StripeCheckoutForm({ amount }: StripeCheckoutFormProps) {
  const stripe = useStripe()
  const elements = useElements()
  const [ready, setReady] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [message, setMessage] = useState<string | null>(null)

  async function handleSubmit(event: SubmitEvent) {
    event.preventDefault()
    if (!stripe || !elements) return
    setSubmitting(true)
    setMessage(null)
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}${paths.myWallet.href()}` },
    })
    // Reached only when the confirmation failed; success leaves the page.
    setMessage(
      error.type === 'card_error' || error.type === 'validation_error'
        ? (error.message ?? TEXTS.unexpectedPaymentError)
        : TEXTS.unexpectedPaymentError,
    )
    setSubmitting(false)
  }

  return (
    <Stack component="form" onSubmit={handleSubmit} spacing={2}>
      <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} />
      {message && <Alert severity="error">{message}</Alert>}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={submitting || !ready || !stripe || !elements}
        startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        Pay {formatMoney(amount)}
      </Button>
    </Stack>
  )
}
