import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useState, type SubmitEvent } from 'react'

export interface RedeemFormProps {
  /** Resolves true when the code was redeemed, which clears the input. */
  onRedeem: (redeemCode: string) => Promise<boolean>
  busy: boolean
}

/** An empty code does nothing (docs/product.md#redeem-states). */
export function RedeemForm({ onRedeem, busy }: RedeemFormProps) {
  const [code, setCode] = useState('')

  async function handleSubmit(event: SubmitEvent) {
    event.preventDefault()
    const redeemCode = code.trim()
    if (!redeemCode || busy) return
    if (await onRedeem(redeemCode)) setCode('')
  }

  return (
    <Stack component="form" onSubmit={handleSubmit} direction={{ xs: 'column', sm: 'row' }} spacing={2} noValidate>
      <TextField
        label="Certificate code"
        placeholder="XXXX-XXXX-XXXX-XXXX"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        slotProps={{
          htmlInput: { maxLength: 64, autoCapitalize: 'characters', autoComplete: 'off', spellCheck: false },
        }}
        sx={{ flexGrow: 1 }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        Redeem
      </Button>
    </Stack>
  )
}
