import Link from '@mui/material/Link'
import Typography, { type TypographyProps } from '@mui/material/Typography'
import { useState } from 'react'

import { truncate } from '../lib/format'

export interface ExpandableTextProps {
  text: string
  /** Characters shown until the reader asks for the rest (docs/product.md gives each screen's limit). */
  limit: number
  variant?: TypographyProps['variant']
  color?: TypographyProps['color']
}

/** Text cut at `limit` characters with "read more" / "read less", so a cut description can still be read whole. */
export function ExpandableText({ text, limit, variant = 'body1', color }: ExpandableTextProps) {
  const [expanded, setExpanded] = useState(false)
  const long = text.length > limit
  return (
    <Typography variant={variant} color={color}>
      <span>{expanded || !long ? text : truncate(text, limit)}</span>
      {long && (
        <>
          {' '}
          <Link
            component="button"
            type="button"
            variant={variant === 'inherit' ? undefined : variant}
            aria-expanded={expanded}
            onClick={() => setExpanded(!expanded)}
            sx={{ verticalAlign: 'baseline' }}
          >
            {expanded ? 'read less' : 'read more'}
          </Link>
        </>
      )}
    </Typography>
  )
}
