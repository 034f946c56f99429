import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'

import type { PickCardResult } from '@shared/acquire'

import { DrawnCardTile } from './DrawnCardTile'
import { ExperiencePanel } from './ExperiencePanel'

export interface CardAcquiredDialogProps {
  result: PickCardResult | null
  onClose: () => void
}

/**
 * The pick's success dialog (docs/product.md#screen-pick) stays until the user closes it; the experience panel plays
 * inside it.
 */
export function CardAcquiredDialog({ result, onClose }: CardAcquiredDialogProps) {
  return (
    <Dialog open={result !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Card Acquired</DialogTitle>
      {result && (
        <DialogContent>
          <Stack spacing={2}>
            <ExperiencePanel result={result.expGainResult} />
            <Box sx={{ width: '70%', mx: 'auto' }}>
              <DrawnCardTile
                image={result.cardResult.image}
                cardName={result.cardResult.cardName}
                cardRarity={result.cardResult.cardRarity}
                isNew={!result.cardResult.alreadyOwned}
              />
            </Box>
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  )
}
