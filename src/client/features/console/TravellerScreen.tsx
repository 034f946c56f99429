import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type ReactNode, type SubmitEvent } from 'react'
import { useParams } from 'react-router-dom'

import { OPERATOR_CREDIT_MAX, type TravellerDetail } from '@shared/console'
import { OPERATOR_REASON_MAX_LENGTH } from '@shared/operator'

import { EmptyState } from '../../components/EmptyState'
import { LoadFailed } from '../../components/LoadFailed'
import { LoadingState } from '../../components/LoadingState'
import { usePageTitle } from '../../components/usePageTitle'
import { formatCredit, formatDate, formatMoney } from '../../lib/format'
import { useAppDispatch } from '../../lib/hooks'
import { enqueueSnackbar } from '../../lib/toast'
import { useUnsuspendMutation } from '../moderation/api'

import {
  consoleApi,
  useAdjustCreditMutation,
  useEndSessionsMutation,
  useGetTravellerQuery,
  useSendPasswordResetMutation,
} from './api'

/** A traveller's page: their account at a glance, and the actions an operator takes, each with a reason. */
export function TravellerScreen() {
  const { userId = '' } = useParams()
  const { data, error, isLoading, isFetching, refetch } = useGetTravellerQuery(userId)
  usePageTitle(`${data?.username ?? 'Traveller'} · Console`)
  if (isLoading) return <LoadingState label="Loading the traveller" />
  if (error && 'status' in error && error.status === 404) return <EmptyState message="No such traveller." />
  if (!data) return <LoadFailed onRetry={() => void refetch()} retrying={isFetching} />
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h4" component="h2">
          {data.username}
        </Typography>
        {/* A div, as the chip in it is one. */}
        <Typography component="div" sx={{ wordBreak: 'break-all' }}>
          {data.email}{' '}
          <Chip
            size="small"
            color={data.emailConfirmed ? 'success' : 'default'}
            label={data.emailConfirmed ? 'E-mail confirmed' : 'E-mail not confirmed'}
          />
        </Typography>
        <Typography color="text.secondary">
          Friend code {data.friendCode} · joined {formatDate(data.createdAt)}
        </Typography>
        <Stack direction="row" spacing={3} sx={{ mt: 2 }} aria-label="Balances">
          <Typography>
            Digital credit: <strong data-testid="digital-balance">{formatCredit(data.balances.digital)}</strong>
          </Typography>
          <Typography>
            Physical credit: <strong>{formatCredit(data.balances.physical)}</strong>
          </Typography>
        </Stack>
      </Paper>

      <Standing userId={data.userId} standing={data.standing} />
      <CreditForm userId={data.userId} />
      <AccountActions userId={data.userId} sessions={data.sessions.length} />

      <Section title="Ledger" empty="No credit movements yet." rows={data.ledger.length}>
        <Rows
          head={['Date', 'Currency', 'Amount', 'Reason']}
          rows={data.ledger.map((row) => [
            row.id,
            formatDate(row.createdAt),
            row.currency,
            formatCredit(row.amount),
            row.reason,
          ])}
        />
      </Section>
      <Section title="Purchases" empty="No purchases." rows={data.purchases.length}>
        <Rows
          head={['Date', 'Paid', 'Credit', 'Status']}
          rows={data.purchases.map((row) => [
            row.id,
            formatDate(row.createdAt),
            `${formatMoney(row.amountCents / 100)} ${row.currency.toUpperCase()}`,
            formatCredit(row.creditValue),
            row.status,
          ])}
        />
      </Section>
      <Section title="Certificates" empty="No certificates." rows={data.certificates.length}>
        <Rows
          head={['Date', 'Credit', 'From', 'Redeemed']}
          rows={data.certificates.map((row) => [
            row.id,
            formatDate(row.createdAt),
            `${formatCredit(row.creditValue)} ${row.currency}`,
            row.source,
            row.redeemedAt ? formatDate(row.redeemedAt) : 'not yet',
          ])}
        />
      </Section>
      <Section title="Draws" empty="No draws." rows={data.draws.length}>
        <Rows
          head={['Date', 'Kind', 'Price']}
          rows={data.draws.map((row) => [row.id, formatDate(row.createdAt), row.kind, formatCredit(row.price)])}
        />
      </Section>
      <Section title="Active sessions" empty="No active sessions." rows={data.sessions.length}>
        <Rows
          head={['Started', 'Expires']}
          rows={data.sessions.map((row, index) => [
            String(index),
            formatDate(row.createdAt),
            formatDate(row.expiresAt),
          ])}
        />
      </Section>
    </Stack>
  )
}

function Section({
  title,
  empty,
  rows,
  children,
}: {
  title: string
  empty: string
  rows: number
  children: ReactNode
}) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h5" component="h3" gutterBottom>
        {title}
      </Typography>
      {rows === 0 ? <Typography color="text.secondary">{empty}</Typography> : children}
    </Box>
  )
}

/** A small table; each row's first value is its key. */
function Rows({ head, rows }: { head: string[]; rows: string[][] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small">
        <TableHead>
          <TableRow>
            {head.map((cell) => (
              <TableCell key={cell}>{cell}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([key, ...cells]) => (
            <TableRow key={key}>
              {cells.map((cell, index) => (
                <TableCell key={index}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}

const reasonProps = { htmlInput: { maxLength: OPERATOR_REASON_MAX_LENGTH } }

function CreditForm({ userId }: { userId: string }) {
  const [adjust, { isLoading }] = useAdjustCreditMutation()
  const [direction, setDirection] = useState<'grant' | 'take'>('grant')
  const [currency, setCurrency] = useState<'digital' | 'physical'>('digital')
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const value = Number(amount)
  const valid = Number.isInteger(value) && value >= 1 && value <= OPERATOR_CREDIT_MAX && reason.trim() !== ''

  const handleSubmit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (!valid) return
    try {
      await adjust({ userId, direction, currency, amount: value, reason: reason.trim() }).unwrap()
      enqueueSnackbar(`${direction === 'grant' ? 'Granted' : 'Took'} ${formatCredit(value)} ${currency} credit.`, {
        variant: 'success',
      })
      setAmount('')
      setReason('')
    } catch {
      // The shared request handling shows the server's reason (for example, more than the balance).
    }
  }

  return (
    <Paper component="form" variant="outlined" onSubmit={handleSubmit} noValidate sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h3" gutterBottom>
        Grant or take credit
      </Typography>
      <Stack spacing={2} direction={{ xs: 'column', md: 'row' }}>
        <TextField
          select
          label="Action"
          sx={{ minWidth: 120 }}
          value={direction}
          onChange={(event) => setDirection(event.target.value as 'grant' | 'take')}
        >
          <MenuItem value="grant">Grant</MenuItem>
          <MenuItem value="take">Take</MenuItem>
        </TextField>
        <TextField
          select
          label="Currency"
          sx={{ minWidth: 140 }}
          value={currency}
          onChange={(event) => setCurrency(event.target.value as 'digital' | 'physical')}
        >
          <MenuItem value="digital">Digital</MenuItem>
          <MenuItem value="physical">Physical</MenuItem>
        </TextField>
        <TextField
          label="Amount"
          value={amount}
          onChange={(event) => setAmount(event.target.value.replace(/[^\d]/g, ''))}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          required
          sx={{ minWidth: 120 }}
        />
        <TextField
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          fullWidth
          helperText="Kept in the audit log."
          slotProps={reasonProps}
        />
        <Box>
          <Button type="submit" variant="contained" loading={isLoading} disabled={!valid}>
            {direction === 'grant' ? 'Grant' : 'Take'}
          </Button>
        </Box>
      </Stack>
    </Paper>
  )
}

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

function AccountActions({ userId, sessions }: { userId: string; sessions: number }) {
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

/**
 * The form every action on a traveller takes: what it does, and the reason kept in the audit log (required).
 * `onSubmit` answers whether the action was done; the dialog closes then, and otherwise stays open with the reason.
 */
function ReasonDialog({
  open,
  title,
  confirm,
  loading,
  onClose,
  onSubmit,
}: {
  open: boolean
  title: string
  confirm: string
  loading: boolean
  onClose: () => void
  onSubmit: (reason: string) => Promise<boolean>
}) {
  const [reason, setReason] = useState('')
  const close = () => {
    setReason('')
    onClose()
  }
  const handleSubmit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (!reason.trim()) return
    if (await onSubmit(reason.trim())) close()
  }
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{confirm}</Typography>
          <TextField
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            fullWidth
            autoFocus
            helperText="Kept in the audit log."
            slotProps={reasonProps}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!reason.trim()} loading={loading}>
            Confirm
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}

/** "Suspended until 2026-12-04" or "Suspended for good". */
function suspendedLabel(endsAt: string | null): string {
  return endsAt === null ? 'Suspended for good' : `Suspended until ${formatDate(endsAt)}`
}

/**
 * The traveller's standing with moderation: the suspension in force with its reason and date, and the warnings with
 * the newest one's reason. A suspension in force can be lifted here, with a reason, as from the moderation queue.
 */
function Standing({ userId, standing }: { userId: string; standing: TravellerDetail['standing'] }) {
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
