import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useParams } from 'react-router-dom'

import { EmptyState } from '../../components/EmptyState'
import { LoadFailed } from '../../components/LoadFailed'
import { LoadingState } from '../../components/LoadingState'
import { usePageTitle } from '../../components/usePageTitle'
import { formatCredit, formatDate, formatMoney } from '../../lib/format'

import { useGetTravellerQuery } from './api'
import { AccountActions } from './components/AccountActions'
import { CreditForm } from './components/CreditForm'
import { Standing } from './components/Standing'
import { Rows, Section } from './components/TravellerTables'

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
