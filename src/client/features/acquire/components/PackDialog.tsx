import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Typography from '@mui/material/Typography'

import { CreditAmount } from '../../../components/CreditAmount'

import { PackButton } from './PackButton'

const PACKS = [1, 2, 3] as const

export interface PackDialogProps {
  open: boolean
  tenDraws: boolean
  price: number
  balance: number
  drawing: boolean
  onPackChosen: () => void
  onClose: () => void
}

/**
 * The pack dialog (docs/product.md#screen-draw): three packs, the price and the balance; any pack performs the draw.
 */
export function PackDialog({ open, tenDraws, price, balance, drawing, onPackChosen, onClose }: PackDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={drawing ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-describedby="pack-dialog-prompt"
    >
      <DialogTitle>{tenDraws ? 'Draw 10 Cards' : 'Draw 1 Card'}</DialogTitle>
      <DialogContent>
        <Typography id="pack-dialog-prompt" sx={{ mb: 2 }}>
          Pick a pack to draw {tenDraws ? '10 cards' : '1 card'}.
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'center', gap: { xs: 1, sm: 2 }, mb: 3, position: 'relative' }}>
          {PACKS.map((pack) => (
            <PackButton key={pack} label={`Open pack ${pack}`} disabled={drawing} onClick={onPackChosen} />
          ))}
          {drawing && (
            <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
              <CircularProgress aria-label="Drawing" />
            </Box>
          )}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography component="span">
            Price: <CreditAmount value={price} label="Price" />
          </Typography>
          <Typography component="span">
            Balance: <CreditAmount value={balance} label="Balance" />
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={drawing}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  )
}
