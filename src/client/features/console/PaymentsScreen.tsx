import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type SubmitEvent } from 'react'

import {
  CONSOLE_PAYMENT_TEXTS,
  type ConsolePayment,
  type ConsolePaymentEvent,
  type ConsolePaymentStatus,
} from '@shared/consolePayments'
import { OPERATOR_REASON_MAX_LENGTH } from '@shared/operator'

import { formatCredit, formatDate, formatMoney } from '../../lib/format'
import { enqueueSnackbar } from '../../lib/toast'

import { useGetConsolePaymentsQuery, useRefundPurchaseMutation } from './paymentsApi'

const STATUS_LABELS: Record<ConsolePaymentStatus, string> = {
  pending: 'Not paid',
  paid: 'Paid',
  refused: 'Refused (limit), refund owed',
  refusedAndRefunded: 'Refused (limit), refunded',
  partlyRefunded: 'Partly refunded',
  refunded: 'Refunded',
  disputed: 'Disputed',
  disputeLost: 'Dispute lost',
}

const EVENT_LABELS: Record<string, string> = {
  'charge.refunded': 'Refund (Stripe)',
  'operator.refund': 'Refund (operator)',
  'charge.dispute.created': 'Dispute opened',
  'charge.dispute.closed': 'Dispute closed',
  'charge.dispute.funds_withdrawn': 'Dispute: funds withdrawn',
  'charge.dispute.funds_reinstated': 'Dispute: funds reinstated',
  'charge.dispute.updated': 'Dispute updated',
}

/** What an event did to the buyer's credit, in one line. */
function effectOf(event: ConsolePaymentEvent): string {
  if (event.creditRestored > 0) return `+${formatCredit(event.creditRestored)} credit given back`
  const taken = event.creditTaken + event.creditOwed
  if (taken > 0)
    return `−${formatCredit(taken)} credit${event.creditOwed > 0 ? ` (${formatCredit(event.creditOwed)} owed)` : ''}`
  return event.outcome === 'noEffect' ? 'no change' : event.outcome
}

function EventLine({ event }: { event: ConsolePaymentEvent }) {
  return (
    <Typography component="li" variant="body2">
      {formatDate(event.receivedAt)} · {EVENT_LABELS[event.type] ?? event.type}
      {event.status ? ` (${event.status})` : ''} · {formatMoney(event.amountCents / 100)} · {effectOf(event)}
    </Typography>
  )
}

/**
 * Payments (docs/product.md#console-payments): a traveller's purchases, found by e-mail, username or friend code, with
 * their refunds and disputes and what each moved in the ledger; a paid purchase can be refunded, with a reason.
 */
export function PaymentsScreen() {
  const [search, setSearch] = useState('')
  const [traveller, setTraveller] = useState('')
  const { data, isFetching, isError } = useGetConsolePaymentsQuery({ traveller: traveller || undefined })
  const [refunding, setRefunding] = useState<ConsolePayment | null>(null)

  function handleSearch(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    setTraveller(search.trim())
  }

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Payments
      </Typography>
      <Box
        component="form"
        role="search"
        aria-label="Find purchases"
        onSubmit={handleSearch}
        sx={{ display: 'flex', gap: 1 }}
      >
        <TextField
          label="Traveller (e-mail, username or friend code)"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          size="small"
          sx={{ flex: 1, maxWidth: 420 }}
        />
        <Button type="submit" variant="contained">
          Search
        </Button>
        {traveller && (
          <Button
            onClick={() => {
              setSearch('')
              setTraveller('')
            }}
          >
            Show all
          </Button>
        )}
      </Box>

      {isError && <Typography color="error">The purchases could not be loaded.</Typography>}
      <Box component="section" aria-label="Purchases" sx={{ overflowX: 'auto' }}>
        <Typography variant="h6" component="h2">
          {traveller ? `Purchases of ${traveller}` : 'Newest purchases'}
        </Typography>
        {data?.payments.length === 0 && !isFetching && <Typography>No purchases.</Typography>}
        {data && data.payments.length > 0 && (
          <Table size="small" aria-label="Purchases">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Traveller</TableCell>
                <TableCell>Amount</TableCell>
                <TableCell>Credit</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Refunds and disputes</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.payments.map((payment) => (
                <TableRow key={payment.providerPaymentId} aria-label={payment.providerPaymentId}>
                  <TableCell>{formatDate(payment.createdAt)}</TableCell>
                  <TableCell>
                    {payment.username ?? 'Deleted account'}
                    {payment.email && (
                      <Typography variant="body2" color="text.secondary">
                        {payment.email}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {formatMoney(payment.amountCents / 100)}
                    <Typography variant="body2" color="text.secondary">
                      {payment.providerPaymentId}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {formatCredit(payment.credit)} {payment.creditKind}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={STATUS_LABELS[payment.status]} />
                    {payment.creditReversed > 0 && (
                      <Typography variant="body2">−{formatCredit(payment.creditReversed)} credit taken back</Typography>
                    )}
                    {payment.buyerOwes > 0 && (
                      <Typography variant="body2" color="error">
                        Buyer owes {formatCredit(payment.buyerOwes)} credit
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {payment.events.length === 0 ? (
                      '—'
                    ) : (
                      <Box component="ul" sx={{ m: 0, pl: 2 }}>
                        {payment.events.map((event) => (
                          <EventLine key={event.eventId} event={event} />
                        ))}
                      </Box>
                    )}
                  </TableCell>
                  <TableCell>
                    {payment.refundable && (
                      <Button size="small" color="error" onClick={() => setRefunding(payment)}>
                        Refund
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Box>

      {data && !traveller && (
        <Box component="section" aria-label="Recent refunds and disputes">
          <Typography variant="h6" component="h2">
            Recent refunds and disputes
          </Typography>
          {data.recentEvents.length === 0 ? (
            <Typography>None yet.</Typography>
          ) : (
            <Box component="ul" sx={{ pl: 2 }}>
              {data.recentEvents.map((event) => (
                <Typography component="li" variant="body2" key={event.eventId}>
                  {event.providerPaymentId ?? 'unknown payment'} · {formatDate(event.receivedAt)} ·{' '}
                  {EVENT_LABELS[event.type] ?? event.type}
                  {event.status ? ` (${event.status})` : ''} · {effectOf(event)}
                </Typography>
              ))}
            </Box>
          )}
        </Box>
      )}

      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
    </Stack>
  )
}

function RefundDialog({ payment, onClose }: { payment: ConsolePayment | null; onClose: () => void }) {
  const [reason, setReason] = useState('')
  const [refund, { isLoading }] = useRefundPurchaseMutation()

  async function handleRefund(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!payment || !reason.trim()) return
    try {
      await refund({ providerPaymentId: payment.providerPaymentId, reason: reason.trim() }).unwrap()
      enqueueSnackbar(CONSOLE_PAYMENT_TEXTS.refunded, { variant: 'success' })
      setReason('')
      onClose()
    } catch {
      // The shared error toast says why.
    }
  }

  return (
    <Dialog open={payment !== null} onClose={isLoading ? undefined : onClose} aria-labelledby="refund-dialog-title">
      <Box component="form" onSubmit={handleRefund}>
        <DialogTitle id="refund-dialog-title">Refund this purchase</DialogTitle>
        <DialogContent>
          {payment && (
            <DialogContentText sx={{ mb: 2 }}>
              {formatMoney(payment.amountCents / 100)} goes back to {payment.username ?? 'the buyer'} through{' '}
              {payment.provider === 'stripe' ? 'Stripe' : 'the test-mode provider'}, and the{' '}
              {formatCredit(payment.credit)} {payment.creditKind} credit is taken back (what was spent becomes owed).
              The traveller is told.
            </DialogContentText>
          )}
          <TextField
            label="Reason (kept in the audit log)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: OPERATOR_REASON_MAX_LENGTH } }}
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={isLoading || !reason.trim()}>
            Refund
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
