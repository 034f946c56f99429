import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Typography from '@mui/material/Typography'

import { CreditAmount } from '../../../components/CreditAmount'

export interface RedeemSuccessDialogProps {
  /** The redeemed value; the dialog is open while it is set. */
  creditValue: number | null
  onClose: () => void
}

export function RedeemSuccessDialog({ creditValue, onClose }: RedeemSuccessDialogProps) {
  return (
    <Dialog open={creditValue != null} onClose={onClose} aria-labelledby="redeem-success-title">
      <DialogTitle id="redeem-success-title">Certificate Redeemed</DialogTitle>
      <DialogContent>
        <Typography>
          <CreditAmount value={creditValue ?? 0} /> credit has been added to your wallet.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  )
}
