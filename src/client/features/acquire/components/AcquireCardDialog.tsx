import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import type { CollectionCard } from '@shared/catalogue'
import { TRUNCATE_ACQUIRE_DIALOG } from '@shared/constants'
import { TEXTS } from '@shared/texts'

import { CardImage } from '../../../components/CardImage'
import { CreditAmount } from '../../../components/CreditAmount'
import { RarityBadge } from '../../../components/RarityBadge'
import { formatCredit, truncate } from '../../../lib/format'
import { paths } from '../../../lib/paths'

export interface AcquireCardDialogProps {
  card: CollectionCard | null
  price: number
  balance: number
  acquiring: boolean
  onAcquire: () => void
  onCancel: () => void
}

/**
 * The "Acquiring Card" confirmation (docs/product.md#screen-pick) with the card, its description, the balance and the
 * price.
 */
export function AcquireCardDialog({ card, price, balance, acquiring, onAcquire, onCancel }: AcquireCardDialogProps) {
  const [expandedCardId, setExpandedCardId] = useState<string | null>(null)
  const expanded = card !== null && expandedCardId === card.cardId
  const missing = price - balance

  function handleClose() {
    if (!acquiring) onCancel()
  }

  const description = card?.cardDescription ?? ''
  const long = description.length > TRUNCATE_ACQUIRE_DIALOG
  return (
    <Dialog open={card !== null} onClose={handleClose} fullWidth maxWidth="sm">
      <DialogTitle>Acquiring Card</DialogTitle>
      {card && (
        <DialogContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Box sx={{ width: { xs: '60%', sm: 180 }, mx: { xs: 'auto', sm: 0 }, flexShrink: 0 }}>
              <CardImage imageId={card.image} name={card.cardName} rarity={card.cardRarity} eager />
            </Box>
            <Stack spacing={1} sx={{ minWidth: 0 }}>
              <Typography variant="h5" component="p">
                {card.cardName}
              </Typography>
              <Box>
                <RarityBadge rarity={card.cardRarity} />
              </Box>
              <Typography variant="body2">
                {expanded || !long ? description : truncate(description, TRUNCATE_ACQUIRE_DIALOG)}{' '}
                {long && (
                  <Link
                    component="button"
                    type="button"
                    variant="body2"
                    onClick={() => setExpandedCardId(expanded ? null : card.cardId)}
                  >
                    {expanded ? 'read less' : 'read more'}
                  </Link>
                )}
              </Typography>
              {card.owned > 0 && (
                <Alert severity="info">
                  You already own this card. Acquiring it again adds another copy to your collection.
                </Alert>
              )}
              <Typography component="p">
                Your balance: <CreditAmount value={balance} label="Your balance" />
              </Typography>
              {missing > 0 && (
                <Alert
                  severity="warning"
                  action={
                    <Button component={RouterLink} to={paths.myWallet.href()} color="inherit" size="small">
                      {TEXTS.getMoreCredits}
                    </Button>
                  }
                >
                  You need {formatCredit(missing)} more Digital Credits to acquire this card.
                </Alert>
              )}
            </Stack>
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={handleClose} disabled={acquiring}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={onAcquire}
          disabled={acquiring || missing > 0}
          startIcon={acquiring ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Acquire for&nbsp;
          <CreditAmount value={price} />
        </Button>
      </DialogActions>
    </Dialog>
  )
}
