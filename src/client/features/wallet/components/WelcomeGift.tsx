import CardGiftcardIcon from '@mui/icons-material/CardGiftcard'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Paper from '@mui/material/Paper'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import type { CreditCertificate } from '@shared/wallet'

import { CreditAmount } from '../../../components/CreditAmount'
import { paths } from '../../../lib/paths'
import { useGetMyCreditCertificatesQuery, useRedeemCreditCertificateMutation } from '../api'

const GIFT_LABELS: Partial<Record<string, string>> = {
  welcome: 'Welcome gift',
  invitation: 'Invitation gift',
}

function isGift(certificate: CreditCertificate): boolean {
  return GIFT_LABELS[certificate.source] != null
}

/**
 * The welcome screen's gifts (welcome and invitation certificates) with a Redeem button each, so a new traveller gets
 * the credit where they are told about it instead of hunting for it below the wallet's products.
 */
export function WelcomeGift() {
  const { data: certificates, isLoading } = useGetMyCreditCertificatesQuery()
  const [redeem, { isLoading: redeeming, originalArgs }] = useRedeemCreditCertificateMutation()
  const [redeemedTotal, setRedeemedTotal] = useState(0)
  const gifts = (certificates ?? []).filter(isGift)

  async function handleRedeem(redeemCode: string) {
    try {
      const result = await redeem({ redeemCode }).unwrap()
      setRedeemedTotal((total) => total + result.creditValue)
    } catch {
      // The server's warning is shown as a toast by the shared request handling; the gift stays listed.
    }
  }

  if (isLoading) return <Skeleton variant="rounded" height={96} aria-label="Loading your welcome gift" />
  if (gifts.length === 0 && redeemedTotal === 0) return null

  return (
    <Paper variant="outlined" component="section" aria-label="Your welcome gift" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        {gifts.map((gift) => (
          <Stack
            key={gift.creditCertificateId}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <CardGiftcardIcon color="secondary" sx={{ fontSize: 40 }} />
              <Stack>
                <Typography variant="h6" component="h2">
                  {GIFT_LABELS[gift.source]}
                </Typography>
                <Typography color="text.secondary">
                  A certificate for <CreditAmount value={gift.creditValue} /> credit, enough for your first cards.
                </Typography>
              </Stack>
            </Stack>
            <Button
              variant="contained"
              color="secondary"
              onClick={() => void handleRedeem(gift.redeemCode)}
              disabled={redeeming}
              startIcon={
                redeeming && originalArgs?.redeemCode === gift.redeemCode ? (
                  <CircularProgress size={16} color="inherit" />
                ) : undefined
              }
              sx={{ flexShrink: 0 }}
            >
              Redeem {GIFT_LABELS[gift.source]}
            </Button>
          </Stack>
        ))}
        {redeemedTotal > 0 && (
          <Alert
            severity="success"
            action={
              <Button component={RouterLink} to={paths.acquireCards.href()} color="inherit" size="small">
                Acquire Cards
              </Button>
            }
          >
            <CreditAmount value={redeemedTotal} /> credit has been added to your wallet.
          </Alert>
        )}
      </Stack>
    </Paper>
  )
}
