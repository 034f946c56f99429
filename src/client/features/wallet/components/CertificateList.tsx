import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'

import { TEXTS } from '@shared/texts'
import type { CreditCertificate } from '@shared/wallet'

import { CreditAmount } from '../../../components/CreditAmount'
import { EmptyState } from '../../../components/EmptyState'

const SOURCE_LABELS: Record<string, string> = {
  welcome: 'Welcome gift',
  invitation: 'Invitation gift',
  draw: 'Won in a draw',
}

export interface CertificateListProps {
  certificates: CreditCertificate[]
  onRedeem: (redeemCode: string) => void
  /** The code being redeemed, whose button shows a spinner; all buttons wait meanwhile. */
  redeemingCode: string | null
}

export function CertificateList({ certificates, onRedeem, redeemingCode }: CertificateListProps) {
  if (certificates.length === 0) return <EmptyState message={TEXTS.empty.certificates} />
  return (
    <List disablePadding sx={{ display: 'grid', gap: 1.5 }}>
      {certificates.map((certificate) => (
        <ListItem key={certificate.creditCertificateId} disablePadding>
          <Paper variant="outlined" sx={{ p: 2, width: '100%' }}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
            >
              <Stack spacing={0.5}>
                <Typography variant="h6" component="p">
                  <CreditAmount value={certificate.creditValue} label="Certificate value" />
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {SOURCE_LABELS[certificate.source] ?? 'Credit certificate'}
                </Typography>
                <Typography
                  sx={{ fontFamily: 'monospace', letterSpacing: 1, wordBreak: 'break-all' }}
                  aria-label="Redeem code"
                >
                  {certificate.redeemCode}
                </Typography>
              </Stack>
              <Button
                variant="outlined"
                onClick={() => onRedeem(certificate.redeemCode)}
                disabled={redeemingCode != null}
                startIcon={
                  redeemingCode === certificate.redeemCode ? <CircularProgress size={16} color="inherit" /> : undefined
                }
                aria-label={`Redeem certificate ${certificate.redeemCode}`}
              >
                Redeem
              </Button>
            </Stack>
          </Paper>
        </ListItem>
      ))}
    </List>
  )
}
