import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router-dom'

import type { DrawHistoryEntry, DrawKind, DrawMonthTotal, MoneyReference } from '@shared/acquire'

import { CreditAmount } from '../../components/CreditAmount'
import { EmptyState } from '../../components/EmptyState'
import { ListEnd } from '../../components/ListEnd'
import { ListSkeleton } from '../../components/ListSkeleton'
import { LoadFailed } from '../../components/LoadFailed'
import { RarityBadge } from '../../components/RarityBadge'
import { usePageTitle } from '../../components/usePageTitle'
import { countOf, formatCredit, formatDate, formatMoney } from '../../lib/format'
import { paths } from '../../lib/paths'

import { useGetMyDrawsInfiniteQuery } from './api'
import { rarestFirst } from './rarestFirst'

export const MY_DRAWS_EMPTY_TEXT = 'You have not picked or drawn a card yet.'

const KIND_LABELS: Record<Exclude<DrawKind, 'gift'>, string> = {
  pick: 'Pick',
  draw: 'Draw 1 Card',
  draw10: 'Draw 10 Cards',
  free: 'Free Draw',
}

/** "Gift to Lena", "Gift from Marta"; a traveller who has left has no name any more. */
function entryTitle(entry: DrawHistoryEntry): string {
  if (entry.kind !== 'gift') return KIND_LABELS[entry.kind]
  const who = entry.gift?.friendUsername ?? 'a former traveller'
  return entry.gift?.direction === 'received' ? `Gift from ${who}` : `Gift to ${who}`
}

const monthFormatter = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** "2026-11" → "November 2026". */
function monthName(month: string): string {
  return monthFormatter.format(new Date(`${month}-01T00:00:00Z`))
}

/**
 * /myDraws (docs/product.md#screen-my-draws): every pick, paid draw, claimed free draw and gift, newest first, grouped
 * by month with the month's totals (of purchases), a page at a time.
 */
export function MyDrawsPage() {
  usePageTitle('My Draws')
  const { data, isLoading, isError, isFetching, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useGetMyDrawsInfiniteQuery()
  const pages = data?.pages ?? []
  const draws = uniqueDraws(pages.flatMap((page) => page.draws))
  // Each page carries whole-month totals; a month on several pages has the same totals on each.
  const totals = new Map(pages.flatMap((page) => page.months).map((month) => [month.month, month]))
  const moneyReference = pages[0]?.moneyReference ?? null

  return (
    <Stack spacing={3} sx={{ maxWidth: 880, mx: 'auto' }}>
      <Box>
        <Typography variant="h3" component="h1">
          My Draws
        </Typography>
        <Typography color="text.secondary">
          Every pick, draw and gift, what it cost and what it gave, newest first.
        </Typography>
      </Box>
      {isLoading ? (
        <ListSkeleton label="Loading your draws" count={3} height={140} />
      ) : isError && draws.length === 0 ? (
        <LoadFailed message="Your draws could not be loaded." onRetry={() => void refetch()} retrying={isFetching} />
      ) : draws.length === 0 ? (
        <EmptyState
          message={MY_DRAWS_EMPTY_TEXT}
          action={
            <Button component={RouterLink} to={paths.digitalDraw.href()} variant="contained">
              Draw Cards
            </Button>
          }
        />
      ) : (
        <>
          {moneyReference && <MoneyNote reference={moneyReference} />}
          {groupByMonth(draws).map(({ month, entries }) => (
            <MonthSection key={month} month={month} total={totals.get(month)} entries={entries} />
          ))}
          <ListEnd
            hasNextPage={hasNextPage}
            loading={isFetchingNextPage}
            onLoadMore={() => void fetchNextPage()}
            endText="That is every draw you have made."
          />
        </>
      )}
    </Stack>
  )
}

function MoneyNote({ reference }: { reference: MoneyReference }) {
  return (
    <Typography variant="body2" color="text.secondary">
      Money amounts use today&apos;s price of the smallest Digital Credits pack ({formatMoney(reference.actualPrice)}{' '}
      for {formatCredit(reference.creditProductValue)} credits); larger packs cost less per credit.
    </Typography>
  )
}

interface MonthSectionProps {
  month: string
  total: DrawMonthTotal | undefined
  entries: DrawHistoryEntry[]
}

function MonthSection({ month, total, entries }: MonthSectionProps) {
  const headingId = `draws-${month}`
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h5" component="h2" id={headingId}>
          {monthName(month)}
        </Typography>
        {total && (
          <Typography component="p" aria-label={`${monthName(month)} totals`}>
            {countOf(total.draws, 'purchase')} · {countOf(total.cards, 'card')} · <CreditAmount value={total.credit} />
            {total.money !== null && ` · ${formatMoney(total.money)}`}
          </Typography>
        )}
      </Box>
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {entries.map((entry) => (
          <DrawEntry key={entry.transactionId} entry={entry} />
        ))}
      </Stack>
    </Stack>
  )
}

function DrawEntry({ entry }: { entry: DrawHistoryEntry }) {
  const paidDraw = entry.kind === 'draw' || entry.kind === 'draw10'
  const headingId = `draw-${entry.transactionId}`
  return (
    <Paper component="li" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography component="h3" variant="subtitle1" id={headingId} sx={{ fontWeight: 600 }}>
          {entryTitle(entry)}
        </Typography>
        <Typography component="span" color="text.secondary">
          {formatDate(entry.createdAt)}
        </Typography>
      </Box>
      {entry.kind !== 'gift' && (
        <Typography component="p" sx={{ mt: 0.5 }}>
          <CreditAmount value={entry.price} label="Price" />
          {entry.priceMoney !== null && entry.price > 0 && ` (${formatMoney(entry.priceMoney)})`}
        </Typography>
      )}
      <Box
        component="ul"
        aria-label={entry.gift?.direction === 'sent' ? 'Card given' : 'Cards received'}
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}
      >
        {rarestFirst(entry.cards).map((card, index) => (
          <Box
            component="li"
            key={`${card.cardId}-${index}`}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
          >
            {card.userCardId ? (
              <Link component={RouterLink} to={paths.userCard.href(card.userCardId)}>
                {card.cardName}
              </Link>
            ) : (
              <span>{card.cardName}</span>
            )}
            <RarityBadge rarity={card.cardRarity} />
            {card.isNew && <Chip size="small" label="NEW" variant="outlined" />}
          </Box>
        ))}
      </Box>
      {entry.certificate && (
        <Typography component="p" sx={{ mt: 1 }}>
          Credit certificate: <CreditAmount value={entry.certificate.creditValue} />{' '}
          {entry.certificate.redeemed ? (
            '(redeemed)'
          ) : (
            <>
              (waiting in{' '}
              <Link component={RouterLink} to={paths.myWallet.href()} underline="always">
                My Wallet
              </Link>
              )
            </>
          )}
        </Typography>
      )}
      {paidDraw && (
        <Link
          component={RouterLink}
          to={paths.digitalDrawResult.href(entry.transactionId)}
          sx={{ mt: 1, display: 'inline-block' }}
        >
          See the result
        </Link>
      )}
    </Paper>
  )
}

/** Groups newest-first entries by their UTC month, the month the server totals them in. */
function groupByMonth(entries: DrawHistoryEntry[]): { month: string; entries: DrawHistoryEntry[] }[] {
  const groups: { month: string; entries: DrawHistoryEntry[] }[] = []
  for (const entry of entries) {
    const month = entry.createdAt.slice(0, 7)
    const last = groups.at(-1)
    if (last?.month === month) last.entries.push(entry)
    else groups.push({ month, entries: [entry] })
  }
  return groups
}

/** A refetch of earlier pages can meet a draw again; it shows once. */
function uniqueDraws(entries: DrawHistoryEntry[]): DrawHistoryEntry[] {
  const seen = new Set<string>()
  return entries.filter((entry) => !seen.has(entry.transactionId) && Boolean(seen.add(entry.transactionId)))
}
