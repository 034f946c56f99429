import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

export interface EmptyStateProps {
  message: string
  /** What to do next: a button or link. */
  action?: ReactNode
  icon?: ReactNode
}

export function EmptyState({ message, action, icon }: EmptyStateProps) {
  return (
    <Box
      sx={{ textAlign: 'center', py: 6, px: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}
    >
      {icon}
      <Typography variant="h6" component="p" color="text.secondary">
        {message}
      </Typography>
      {action}
    </Box>
  )
}
