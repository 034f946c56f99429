import Box from '@mui/material/Box'
import type { ReactNode } from 'react'

const DATE = /\b\d{4}-\d{2}-\d{2}\b/g

/** Whether a text holds a YYYY-MM-DD date. */
export function hasDate(text: string): boolean {
  return new RegExp(DATE.source).test(text)
}

/**
 * A text with each YYYY-MM-DD date kept on one line: narrow boxes broke "2024-05-11" after a hyphen. A nowrap span,
 * not non-breaking hyphens, so the date reads, copies and searches as typed.
 */
export function TextWithDates({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(DATE)) {
    if (match.index > last) parts.push(text.slice(last, match.index))
    parts.push(
      <Box component="span" key={match.index} sx={{ whiteSpace: 'nowrap' }}>
        {match[0]}
      </Box>,
    )
    last = match.index + match[0].length
  }
  if (last < text.length) parts.push(text.slice(last))
  // One element: inside a flex container (a toast's message) each loose piece of text would become a flex item of its
  // own and lose the spaces at its ends ("applies on2026-11-28at").
  return <span>{parts}</span>
}
