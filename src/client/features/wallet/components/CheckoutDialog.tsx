import CloseIcon from '@mui/icons-material/Close'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Dialog from '@mui/material/Dialog'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import IconButton from '@mui/material/IconButton'
import Typography from '@mui/material/Typography'
import { Elements } from '@stripe/react-stripe-js'
import { useEffect, useRef } from 'react'

import type { CreditProduct } from '@shared/wallet'

import { errorMessage, isReplayRefusal } from '../../../api/errors'
import { CreditAmount } from '../../../components/CreditAmount'
import { LoadingState } from '../../../components/LoadingState'
import { formatMoney } from '../../../lib/format'
import { getStripe } from '../../../lib/stripe'
import { useCreatePaymentIntentMutation } from '../api'

import { creditKindOf } from './CreditProductList'
import { StripeCheckoutForm } from './StripeCheckoutForm'
import { TestModeCheckoutForm } from './TestModeCheckoutForm'

export interface CheckoutDialogProps {
  /** The product being bought; the dialog is open while it is set. */
  product: CreditProduct | null
  onClose: () => void
  onTestPaymentSucceeded: (paymentIntentId: string) => void
}

/**
 * The purchase dialog (docs/product.md#purchase-states): a static modal (a click outside does not close it) whose
 * payment intent is created on open.
 */
export function CheckoutDialog({ product, onClose, onTestPaymentSucceeded }: CheckoutDialogProps) {
  return (
    <Dialog
      open={product != null}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose()
      }}
      fullWidth
      maxWidth="sm"
      aria-labelledby="checkout-title"
    >
      <DialogTitle id="checkout-title" sx={{ pr: 6 }}>
        Purchase Credit
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {product && (
          <Checkout key={product.creditProductId} product={product} onTestPaymentSucceeded={onTestPaymentSucceeded} />
        )}
      </DialogContent>
    </Dialog>
  )
}

interface CheckoutProps {
  product: CreditProduct
  onTestPaymentSucceeded: (paymentIntentId: string) => void
}

function Checkout({ product, onTestPaymentSucceeded }: CheckoutProps) {
  const [createPaymentIntent, { data: intent, error, isLoading }] = useCreatePaymentIntentMutation()
  const requested = useRef(false)

  useEffect(() => {
    // Once per opening, even when development mode runs effects twice.
    if (requested.current) return
    requested.current = true
    void createPaymentIntent({ selectedCreditProduct: product.creditProductId })
  }, [createPaymentIntent, product.creditProductId])

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h6" component="p" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <CreditAmount value={product.creditProductValue} kind={creditKindOf(product)} />
        {creditKindOf(product) === 'digital' ? 'digital' : 'physical'} credit for {formatMoney(product.actualPrice)}
      </Typography>
      {isLoading && <LoadingState label="Preparing the payment" />}
      {error && !isReplayRefusal(error) && <Alert severity="error">{errorMessage(error)}</Alert>}
      {intent?.provider === 'test' && (
        <TestModeCheckoutForm
          clientSecret={intent.clientSecret}
          amount={product.actualPrice}
          onSucceeded={onTestPaymentSucceeded}
        />
      )}
      {intent?.provider === 'stripe' && intent.publishableKey && (
        <Elements
          stripe={getStripe(intent.publishableKey)}
          options={{ clientSecret: intent.clientSecret, appearance: { theme: 'night' } }}
        >
          <StripeCheckoutForm amount={product.actualPrice} />
        </Elements>
      )}
    </Box>
  )
}
