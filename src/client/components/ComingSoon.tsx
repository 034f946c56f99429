import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'

import { usePageTitle } from './usePageTitle'

export interface ComingSoonProps {
  title: string
}

/** Shown by a route whose feature has not landed yet. */
export function ComingSoon({ title }: ComingSoonProps) {
  usePageTitle(title)
  return (
    <Paper sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">This part of Wandercards is coming soon.</Typography>
    </Paper>
  )
}
