import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router-dom'

import { TEXTS } from '@shared/texts'

import { usePageTitle } from '../../components/usePageTitle'

export function NotFoundPage() {
  usePageTitle(TEXTS.pageNotFound)
  return (
    <Paper sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', maxWidth: 560, mx: 'auto' }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {TEXTS.pageNotFound}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        This road does not lead anywhere yet. Let&apos;s get you back on the map.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Back to the homepage
      </Button>
    </Paper>
  )
}
