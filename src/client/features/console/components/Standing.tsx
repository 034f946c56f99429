import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'

import type { TravellerDetail } from '@shared/console'

import { formatDate } from '../../../lib/format'
import { useAppDispatch } from '../../../lib/hooks'
import { enqueueSnackbar } from '../../../lib/toast'
import { useUnsuspendMutation } from '../../moderation/api'
import { consoleApi } from '../api'

import { ReasonDialog } from './ReasonDialog'

/** "Suspended until 2026-12-04" or "Suspended for good". */
function suspendedLabel(endsAt: string | null): string {
  return endsAt === null ? 'Suspended for good' : `Suspended until ${formatDate(endsAt)}`
}

/**
 * The traveller's standing with moderation: the suspension in force with its reason and date, and the warnings with
 * the newest one's reason. A suspension in force can be lifted here, with a reason, as from the moderation queue.
 */
export function Standing({ userId, standing }: { userId: string; standing: TravellerDetail['standing'] }) {
  const dispatch = useAppDispatch()
  const [open, setOpen] = useState(false)
  const [unsuspend, { isLoading }] = useUnsuspendMutation()
  const { suspension, warnings } = standing
  const handleSubmit = async (reason: string) => {
    try {
      await unsuspend({ userId, reason }).unwrap()
      enqueueSnackbar('The suspension is lifted.', { variant: 'success' })
      return true
    } catch (error) {
      // Shown by the shared request handling. A suspension lifted meanwhile (or ended) leaves nothing to do here.
      return typeof error === 'object' && error !== null && 'status' in error && error.status === 409
    } finally {
      dispatch(consoleApi.util.invalidateTags([{ type: 'ConsoleTraveller', id: userId }, 'AuditLog']))
    }
  }
  return (
    <Paper component="section" aria-label="Standing" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h3" gutterBottom>
        Standing
      </Typography>
      <Stack spacing={1}>
        {suspension ? (
          <Box>
            <Chip size="small" color="error" label={suspendedLabel(suspension.endsAt)} />
            <Typography sx={{ mt: 1 }}>
              Suspended on {formatDate(suspension.startsAt)}: {suspension.reason}
            </Typography>
          </Box>
        ) : (
          <Typography>Not suspended.</Typography>
        )}
        <Typography>
          {warnings.count === 0 ? 'No warnings.' : `${warnings.count} ${warnings.count === 1 ? 'warning' : 'warnings'}`}
          {warnings.newest && ` · newest on ${formatDate(warnings.newest.createdAt)}: ${warnings.newest.reason}`}
        </Typography>
        {suspension && (
          <Box>
            <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
              Unsuspend
            </Button>
          </Box>
        )}
      </Stack>
      <ReasonDialog
        open={open}
        title="Unsuspend"
        confirm="The suspension ends now: the traveller can log in again, and is told so."
        loading={isLoading}
        onClose={() => setOpen(false)}
        onSubmit={handleSubmit}
      />
    </Paper>
  )
}
