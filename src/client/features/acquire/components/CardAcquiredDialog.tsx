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
            {/* Room above the card for the NEW badge's upper half: once the experience panel has slid away the card is
                the content's first thing, and the content's scroll box cut the badge in two. */}
            <Box sx={{ width: '70%', mx: 'auto', pt: 1.5 }}>
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
