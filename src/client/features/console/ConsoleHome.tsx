import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import CardContent from '@mui/material/CardContent'
import Grid from '@mui/material/Grid'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router-dom'

import type { ConsoleSection } from './ConsoleApp'

const DESCRIPTIONS: Record<string, string> = {
  moderation: 'Reported memories, comments and travellers with their reports; dismiss, hide, warn or suspend.',
  contentRequests: 'Read what travellers ask for, answer them, and close what is done.',
  travellers: 'Find a traveller by e-mail, username or friend code; see their account and help them.',
  payments: 'Purchases by traveller with their refunds and disputes; refund a purchase.',
  auditLog: 'Every operator action: who, when, what and why. Filter it and export it.',
}

/** The console's home: one card per section. */
export function ConsoleHome({ sections }: { sections: ConsoleSection[] }) {
  return (
    <Grid container spacing={2}>
      {sections.map((section) => (
        <Grid key={section.path} size={{ xs: 12, sm: 6, md: 4 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={`/console/${section.path}`} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h5" component="h2" gutterBottom>
                  {section.label}
                </Typography>
                <Typography color="text.secondary">{DESCRIPTIONS[section.path] ?? ''}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  )
}
