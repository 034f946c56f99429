import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'

import { enqueueSnackbar } from '../../../lib/toast'
import { useEndSessionsMutation, useSendPasswordResetMutation } from '../api'

import { ReasonDialog } from './ReasonDialog'

type AccountAction = 'endSessions' | 'passwordReset'

const ACTIONS: Record<AccountAction, { label: string; confirm: string; done: string }> = {
  endSessions: {
    label: 'End all sessions',
    confirm: 'The traveller is logged out everywhere at once.',
    done: 'Every session of the traveller has ended.',
  },
  passwordReset: {
    label: 'Send password reset e-mail',
    confirm: 'The traveller gets the same e-mail as when they forget their password.',
    done: 'The password reset e-mail is on its way.',
  },
}

/** Ends the traveller's sessions or sends them a password reset e-mail, each with a reason. */
export function AccountActions({ userId, sessions }: { userId: string; sessions: number }) {
  const [open, setOpen] = useState<AccountAction | null>(null)
  const [endSessions, ending] = useEndSessionsMutation()
  const [sendReset, sending] = useSendPasswordResetMutation()
  const handleSubmit = async (reason: string) => {
    if (!open) return false
    try {
      if (open === 'endSessions') await endSessions({ userId, reason }).unwrap()
      else await sendReset({ userId, reason }).unwrap()
      enqueueSnackbar(ACTIONS[open].done, { variant: 'success' })
      return true
    } catch {
      // Shown by the shared request handling; the dialog stays open with the reason.
      return false
    }
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h3" gutterBottom>
        Account
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="outlined" onClick={() => setOpen('endSessions')} disabled={sessions === 0}>
          {ACTIONS.endSessions.label}
        </Button>
        <Button variant="outlined" onClick={() => setOpen('passwordReset')}>
          {ACTIONS.passwordReset.label}
        </Button>
      </Stack>
      <ReasonDialog
        open={open !== null}
        title={open ? ACTIONS[open].label : ''}
        confirm={open ? ACTIONS[open].confirm : ''}
        loading={ending.isLoading || sending.isLoading}
        onClose={() => setOpen(null)}
        onSubmit={handleSubmit}
      />
    </Paper>
  )
}
