import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'

import type { DrawCertificate } from '@shared/acquire'

import { CreditAmount } from '../../../components/CreditAmount'

export interface CertificateCardProps {
  certificate: DrawCertificate
  redeeming: boolean
  onRedeem: () => void
}

/** A credit certificate drawn in place of a card; unredeemed it waits in the wallet. */
export function CertificateCard({ certificate, redeeming, onRedeem }: CertificateCardProps) {
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        alignItems: 'center',
        textAlign: 'center',
        borderColor: 'secondary.main',
        borderWidth: 2,
      }}
      aria-label="Credit certificate"
    >
      <Typography variant="h6" component="h2">
        Credit Certificate
      </Typography>
      <Typography component="p" sx={{ fontSize: '1.4rem' }}>
        <CreditAmount value={certificate.creditValue} label="Certificate value" />
      </Typography>
      <Typography component="p" sx={{ fontFamily: 'monospace', letterSpacing: 1 }} aria-label="Redeem code">
        {certificate.redeemCode}
      </Typography>
      {certificate.redeemed ? (
        <Typography color="success.main">Redeemed</Typography>
      ) : (
        <>
          <Button
            variant="contained"
            color="secondary"
            onClick={onRedeem}
            disabled={redeeming}
            startIcon={redeeming ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Redeem Instantly
          </Button>
          <Typography variant="caption" color="text.secondary">
            It stays in your wallet until you redeem it.
          </Typography>
        </>
      )}
    </Paper>
  )
}
