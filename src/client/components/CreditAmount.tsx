import TollIcon from '@mui/icons-material/Toll'
import TollOutlinedIcon from '@mui/icons-material/TollOutlined'
import Box from '@mui/material/Box'

import { formatCredit } from '../lib/format'

export interface CreditAmountProps {
  value: number
  /**
   * Digital credit is an orange coin; physical credit an outlined coin in the text's own colour, so it shows on the
   * teal header as well as on a page, and the two balances differ in shape as well as colour.
   */
  kind?: 'digital' | 'physical'
  label?: string
}

/** Credit with thousands separators and the coin icon (coins, not a dollar sign: credit sits beside dollar prices). */
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
      {kind === 'digital' ? (
        <TollIcon fontSize="small" sx={{ color: 'secondary.main' }} aria-hidden />
      ) : (
        <TollOutlinedIcon fontSize="small" sx={{ color: 'inherit' }} aria-hidden />
      )}
      <span aria-label={label ? `${label}: ${formatCredit(value)} credit` : undefined}>{formatCredit(value)}</span>
    </Box>
  )
}
