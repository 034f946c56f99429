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

import { OPERATOR_CREDIT_MAX } from '@shared/console'
import { OPERATOR_REASON_MAX_LENGTH } from '@shared/operator'

import { EmptyState } from '../../components/EmptyState'
import { LoadFailed } from '../../components/LoadFailed'
import { LoadingState } from '../../components/LoadingState'
import { usePageTitle } from '../../components/usePageTitle'
import { formatCredit, formatDate, formatMoney } from '../../lib/format'
import { enqueueSnackbar } from '../../lib/toast'

import {
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
        <Typography sx={{ wordBreak: 'break-all' }}>
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
  const [reason, setReason] = useState('')
  const [endSessions, ending] = useEndSessionsMutation()
  const [sendReset, sending] = useSendPasswordResetMutation()
  const close = () => {
    setOpen(null)
    setReason('')
  }
  const handleSubmit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (!open || !reason.trim()) return
    try {
      if (open === 'endSessions') await endSessions({ userId, reason: reason.trim() }).unwrap()
      else await sendReset({ userId, reason: reason.trim() }).unwrap()
      enqueueSnackbar(ACTIONS[open].done, { variant: 'success' })
      close()
    } catch {
      // Shown by the shared request handling; the dialog stays open with the reason.
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
      <Dialog open={open !== null} onClose={close} fullWidth maxWidth="sm">
        <form onSubmit={handleSubmit} noValidate>
          <DialogTitle>{open ? ACTIONS[open].label : ''}</DialogTitle>
          <DialogContent>
            <Typography sx={{ mb: 2 }}>{open ? ACTIONS[open].confirm : ''}</Typography>
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
            <Button
              type="submit"
              variant="contained"
              disabled={!reason.trim()}
              loading={ending.isLoading || sending.isLoading}
            >
              Confirm
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Paper>
  )
}
