import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { TEXTS } from '@shared/texts'

import { paths } from '../../../lib/paths'

export interface ProblemPageProps {
  title: string
  message: string
  /** The ways on from here. */
  actions: ReactNode
}

/** A memory screen that cannot show what was asked: says why and where to go instead. */
export function ProblemPage({ title, message, actions }: ProblemPageProps) {
  return (
    <Paper sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {message}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        {actions}
      </Stack>
    </Paper>
  )
}

/** What a memory that is not there, or not the viewer's to change, shows (docs/product.md#screen-edit-memory). */
export function MemoryNotFound() {
  return (
    <ProblemPage
      title="Memory not found"
      message={TEXTS.memoryNotFound}
      actions={
        <Button variant="contained" component={RouterLink} to={paths.myMemories.href()}>
          My Memories
        </Button>
      }
    />
  )
}
