import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom'

import { TEXTS } from '@shared/texts'
import { PAYMENT_REVERSAL_TEXTS, type CreditProduct } from '@shared/wallet'

import { CreditAmount } from '../../components/CreditAmount'
import { LoadingState } from '../../components/LoadingState'
import { usePageTitle } from '../../components/usePageTitle'
import { useAppSelector } from '../../lib/hooks'
import { paths } from '../../lib/paths'
import { selectLoggedIn, useCurrentUser } from '../session/api'

import {
  useGetCreditProductsQuery,
  useGetMyCreditCertificatesQuery,
  useRedeemCreditCertificateMutation,
  useVerifyPaymentIntentMutation,
} from './api'
import { CertificateList } from './components/CertificateList'
import { CheckoutDialog } from './components/CheckoutDialog'
import { CreditProductList } from './components/CreditProductList'
import { RedeemForm } from './components/RedeemForm'
import { RedeemSuccessDialog } from './components/RedeemSuccessDialog'
import { SpendingLimitSection } from './components/SpendingLimitSection'

export const REFUSED_BY_SPENDING_LIMIT =
  'This payment would have passed your monthly spending limit, so no credit was added and the payment is refunded.'

/** The provider's redirect back carries the intent; Stripe and the test mode both use this name. */
const PAYMENT_INTENT_PARAM = 'payment_intent'
/** What Stripe adds to the return address; none of it means anything once the payment is being verified. */
const PAYMENT_RETURN_PARAMS = [PAYMENT_INTENT_PARAM, 'payment_intent_client_secret', 'redirect_status']

/**
 * My Wallet (docs/product.md#screen-my-wallet): balances, the monthly spending limit, buying credit, certificates and
 * redeeming them. Visitors are told it is not public.
 */
export function MyWalletPage() {
  usePageTitle('My Wallet')
  const loggedIn = useAppSelector(selectLoggedIn)
  if (loggedIn === null) return <LoadingState label="Loading your wallet" />
  if (!loggedIn) return <VisitorNotice />
  return <Wallet />
}

function VisitorNotice() {
  const location = useLocation()
  return (
    <Paper sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {TEXTS.notPublic}
      </Typography>
      <Button component={RouterLink} to={paths.login.href(location.pathname + location.search)} variant="contained">
        Login
      </Button>
    </Paper>
  )
}

function Wallet() {
  const { digitalCredit = 0, physicalCredit = 0, digitalCreditOwed, physicalCreditOwed } = useCurrentUser().data ?? {}
  const { data: products, isLoading: productsLoading } = useGetCreditProductsQuery()
  const { data: certificates, isLoading: certificatesLoading } = useGetMyCreditCertificatesQuery()
  const [redeemCertificate, { isLoading: redeeming, originalArgs: redeemArgs }] = useRedeemCreditCertificateMutation()
  const [redeemedValue, setRedeemedValue] = useState<number | null>(null)
  const [buying, setBuying] = useState<CreditProduct | null>(null)
  const [searchParams, setSearchParams] = useSearchParams()
  const returnedIntent = searchParams.get(PAYMENT_INTENT_PARAM)
  const [verifyingIntent, setVerifyingIntent] = useState<string | null>(returnedIntent)
  if (returnedIntent && returnedIntent !== verifyingIntent) setVerifyingIntent(returnedIntent)

  // The payment is taken from the address at once and the address replaced: the client secret must not stay in
  // the history, and a reload or a shared link must not verify the purchase again.
  useEffect(() => {
    if (!returnedIntent) return
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const name of PAYMENT_RETURN_PARAMS) next.delete(name)
        return next
      },
      { replace: true },
    )
  }, [returnedIntent, setSearchParams])

  async function handleRedeem(redeemCode: string): Promise<boolean> {
    try {
      const result = await redeemCertificate({ redeemCode }).unwrap()
      setRedeemedValue(result.creditValue)
      return true
    } catch {
      // The server's warning ("The certificate is not valid.") is shown as a toast by the shared request handling.
      return false
    }
  }

  function handleTestPaymentSucceeded(paymentIntentId: string) {
    setBuying(null)
    setVerifyingIntent(paymentIntentId)
  }

  return (
    <Stack spacing={4}>
      <Typography variant="h3" component="h1">
        My Wallet
      </Typography>

      <PurchaseResult paymentIntentId={verifyingIntent} onClose={() => setVerifyingIntent(null)} />

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} component="section" aria-label="Balances">
        <Balance title="Digital Credit">
          <CreditAmount value={digitalCredit} kind="digital" label="Digital credit" />
        </Balance>
        <Balance title="Physical Credit">
          <CreditAmount value={physicalCredit} kind="physical" label="Physical credit" />
        </Balance>
      </Stack>
      {[digitalCreditOwed, physicalCreditOwed].map(
        (owed, index) =>
          owed !== undefined &&
          owed > 0 && (
            <Alert key={index} severity="warning">
              {index === 0 ? 'Digital credit: ' : 'Physical credit: '}
              {PAYMENT_REVERSAL_TEXTS.spendingBlocked(owed)}
            </Alert>
          ),
      )}
      <Typography>
        Where your credit went:{' '}
        <Link component={RouterLink} to={paths.myDraws.href()} underline="always">
          My Draws
        </Link>{' '}
        lists every pick and draw with its price and cards.
      </Typography>

      {/* Credit the traveller already has comes before anything to buy: a welcome gift sat below seven Buy buttons. */}
      <Section title="Credit Certificates">
        {certificatesLoading ? (
          <LoadingState label="Loading certificates" />
        ) : (
          <CertificateList
            certificates={certificates ?? []}
            onRedeem={handleRedeem}
            redeemingCode={redeeming ? (redeemArgs?.redeemCode ?? null) : null}
          />
        )}
      </Section>

      <Section title="Redeem Credit Certificate">
        <RedeemForm onRedeem={handleRedeem} busy={redeeming} />
      </Section>

      <Section title="Purchase Credit">
        {productsLoading ? (
          <LoadingState label="Loading credit products" />
        ) : (
          <CreditProductList products={products ?? []} onBuy={setBuying} />
        )}
      </Section>

      <Section title="Spending Limit">
        <SpendingLimitSection />
      </Section>

      <CheckoutDialog
        product={buying}
        onClose={() => setBuying(null)}
        onTestPaymentSucceeded={handleTestPaymentSucceeded}
      />
      <RedeemSuccessDialog creditValue={redeemedValue} onClose={() => setRedeemedValue(null)} />
    </Stack>
  )
}

interface PurchaseResultProps {
  paymentIntentId: string | null
  onClose: () => void
}

/** The return from the provider is verified; closing the alert clears the query (docs/product.md#purchase-states). */
function PurchaseResult({ paymentIntentId, onClose }: PurchaseResultProps) {
  const [verifyPaymentIntent, { data, isError, isLoading, reset }] = useVerifyPaymentIntentMutation()
  const verified = useRef<string | null>(null)

  useEffect(() => {
    if (!paymentIntentId || verified.current === paymentIntentId) return
    verified.current = paymentIntentId
    void verifyPaymentIntent({ paymentIntentId })
  }, [paymentIntentId, verifyPaymentIntent])

  if (!paymentIntentId) return null

  function handleClose() {
    verified.current = null
    reset()
    onClose()
  }

  if (isLoading || (!data && !isError)) {
    return (
      <Alert severity="info" icon={<CircularProgress size={20} />}>
        Checking your payment…
      </Alert>
    )
  }
  return data?.paid ? (
    <Alert severity="success" variant="filled" onClose={handleClose}>
      {TEXTS.purchaseSuccessful}
    </Alert>
  ) : (
    <Alert severity="error" variant="filled" onClose={handleClose}>
      {TEXTS.purchaseFailed}
      {data?.refusedBySpendingLimit && ` ${REFUSED_BY_SPENDING_LIMIT}`}
    </Alert>
  )
}

function Balance({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
      <Typography variant="overline" component="h2" color="text.secondary">
        {title}
      </Typography>
      <Typography variant="h4" component="p">
        {children}
      </Typography>
    </Paper>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={2} aria-label={title}>
      <Typography variant="h4" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  )
}
