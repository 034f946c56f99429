import MonetizationOnIcon from '@mui/icons-material/MonetizationOn'
import Box from '@mui/material/Box'

import { formatCredit } from '../lib/format'

export interface CreditAmountProps {
  value: number
  /** Physical credit gets its own tint so the two balances are told apart. */
  kind?: 'digital' | 'physical'
  label?: string
}

/** Credit with thousands separators and the coin icon. */
export function CreditAmount({ value, kind = 'digital', label }: CreditAmountProps) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        verticalAlign: 'bottom',
        gap: 0.5,
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      <MonetizationOnIcon
        fontSize="small"
        sx={{ color: kind === 'digital' ? 'secondary.main' : 'primary.main' }}
        aria-hidden
      />
      <span aria-label={label ? `${label}: ${formatCredit(value)} credit` : undefined}>{formatCredit(value)}</span>
    </Box>
  )
}
