import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type SubmitEvent } from 'react'

import { OPERATOR_CREDIT_MAX } from '@shared/console'

import { formatCredit } from '../../../lib/format'
import { enqueueSnackbar } from '../../../lib/toast'
import { useAdjustCreditMutation } from '../api'

import { reasonProps } from './ReasonDialog'

/** Grants or takes credit of either currency, with the reason kept in the audit log. */
export function CreditForm({ userId }: { userId: string }) {
  const [adjust, { isLoading }] = useAdjustCreditMutation()
  const [direction, setDirection] = useState<'grant' | 'take'>('grant')
  const [currency, setCurrency] = useState<'digital' | 'physical'>('digital')
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const value = Number(amount)
  const valid = Number.isInteger(value) && value >= 1 && value <= OPERATOR_CREDIT_MAX && reason.trim() !== ''

  const handleSubmit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (!valid) return
    try {
      await adjust({ userId, direction, currency, amount: value, reason: reason.trim() }).unwrap()
      enqueueSnackbar(`${direction === 'grant' ? 'Granted' : 'Took'} ${formatCredit(value)} ${currency} credit.`, {
        variant: 'success',
      })
      setAmount('')
      setReason('')
    } catch {
      // The shared request handling shows the server's reason (for example, more than the balance).
    }
  }

  return (
    <Paper component="form" variant="outlined" onSubmit={handleSubmit} noValidate sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h3" gutterBottom>
        Grant or take credit
      </Typography>
      <Stack spacing={2} direction={{ xs: 'column', md: 'row' }}>
        <TextField
          select
          label="Action"
          sx={{ minWidth: 120 }}
          value={direction}
          onChange={(event) => setDirection(event.target.value as 'grant' | 'take')}
        >
          <MenuItem value="grant">Grant</MenuItem>
          <MenuItem value="take">Take</MenuItem>
        </TextField>
        <TextField
          select
          label="Currency"
          sx={{ minWidth: 140 }}
          value={currency}
          onChange={(event) => setCurrency(event.target.value as 'digital' | 'physical')}
        >
          <MenuItem value="digital">Digital</MenuItem>
          <MenuItem value="physical">Physical</MenuItem>
        </TextField>
        <TextField
          label="Amount"
          value={amount}
          onChange={(event) => setAmount(event.target.value.replace(/[^\d]/g, ''))}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          required
          sx={{ minWidth: 120 }}
        />
        <TextField
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          fullWidth
          helperText="Kept in the audit log."
          slotProps={reasonProps}
        />
        <Box>
          <Button type="submit" variant="contained" loading={isLoading} disabled={!valid}>
            {direction === 'grant' ? 'Grant' : 'Take'}
          </Button>
        </Box>
      </Stack>
    </Paper>
  )
}
