import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { usePageTitle } from '../../components/usePageTitle'
import { paths } from '../../lib/paths'

export interface LegalSection {
  heading: string
  paragraphs: ReactNode[]
}

/** The layout the Privacy notice and the Terms share: a title, the date they took effect, then their sections. */
export function LegalPage({ title, updated, sections }: { title: string; updated: string; sections: LegalSection[] }) {
  usePageTitle(title)
  return (
    <Stack component="article" spacing={3} sx={{ maxWidth: 760, mx: 'auto' }}>
      <Box>
        <Typography variant="h3" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary">Last updated {updated}</Typography>
      </Box>
      {sections.map((section) => (
        <Box component="section" key={section.heading} aria-label={section.heading}>
          <Typography variant="h5" component="h2" gutterBottom>
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph, index) => (
            <Typography key={index} sx={{ mb: 1.5 }}>
              {paragraph}
            </Typography>
          ))}
        </Box>
      ))}
      <Typography color="text.secondary">
        See also the{' '}
        {title === 'Terms of Use' ? (
          <Link component={RouterLink} to={paths.privacy.href()}>
            Privacy notice
          </Link>
        ) : (
          <Link component={RouterLink} to={paths.terms.href()}>
            Terms of Use
          </Link>
        )}
        .
      </Typography>
    </Stack>
  )
}
