import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type SubmitEvent } from 'react'

import { SPENDING_LIMIT_MAX_DOLLARS, SPENDING_LIMIT_RAISE_DELAY_HOURS } from '@shared/constants'
import type { SpendingLimit } from '@shared/wallet'

import { formatDate, formatMoney } from '../../../lib/format'
import { enqueueSnackbar } from '../../../lib/toast'
import { useGetSpendingLimitQuery, useSetSpendingLimitMutation } from '../api'

export const SPENDING_LIMIT_RULE = `Lowering your limit takes effect at once; raising or removing it takes effect ${SPENDING_LIMIT_RAISE_DELAY_HOURS} hours later.`
const INVALID_LIMIT = `Enter a whole number of dollars from 0 to ${SPENDING_LIMIT_MAX_DOLLARS.toLocaleString('en-US')}.`

const monthFormatter = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** "2026-11-26T14:03:00.000Z" → "2026-11-26 at 14:03 UTC". */
export function formatInstantUtc(iso: string): string {
  return `${formatDate(iso)} at ${iso.slice(11, 16)} UTC`
}

/**
 * My Wallet's monthly spending limit (docs/product.md#spending-limits): what is spent and left this month, the limit,
 * a raise or removal waiting its 24 hours, and the form that changes it.
 */
export function SpendingLimitSection() {
  const { data, isLoading, isError, isFetching, refetch } = useGetSpendingLimitQuery()
  if (isLoading) {
    return (
      <Stack spacing={1} aria-label="Loading your spending limit">
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="rounded" height={56} sx={{ maxWidth: 420 }} />
      </Stack>
    )
  }
  if (isError || !data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
            Try Again
          </Button>
        }
      >
        Your spending limit could not be loaded.
      </Alert>
    )
  }
  return <SpendingLimitForm limit={data} />
}

function SpendingLimitForm({ limit }: { limit: SpendingLimit }) {
  const [setSpendingLimit, { isLoading: saving }] = useSetSpendingLimitMutation()
  const [value, setValue] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const month = monthFormatter.format(new Date(`${limit.month}-01T00:00:00Z`))

  async function save(monthlyLimit: number | null): Promise<void> {
    try {
      const next = await setSpendingLimit({ monthlyLimit }).unwrap()
      setValue('')
      enqueueSnackbar(
        next.pendingChange
          ? next.pendingChange.monthlyLimit === null
            ? `Your limit will be removed on ${formatInstantUtc(next.pendingChange.appliesAt)}.`
            : `Your new limit of ${formatMoney(next.pendingChange.monthlyLimit)} applies on ${formatInstantUtc(next.pendingChange.appliesAt)}.`
          : next.monthlyLimit === null
            ? 'You have no spending limit.'
            : `Your monthly limit is now ${formatMoney(next.monthlyLimit)}.`,
        { variant: 'success' },
      )
    } catch {
      // The shared handling shows the refusal.
    }
  }

  function handleSubmit(event: SubmitEvent) {
    event.preventDefault()
    const dollars = Number(value)
    if (!/^\d+$/.test(value.trim()) || dollars > SPENDING_LIMIT_MAX_DOLLARS) {
      setFieldError(INVALID_LIMIT)
      return
    }
    setFieldError(null)
    void save(dollars)
  }

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        Set a monthly limit on what you spend on credit. {SPENDING_LIMIT_RULE} Months are calendar months in UTC.
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
        <Typography component="div">
          <Box component="dt" sx={{ display: 'inline', color: 'text.secondary' }}>
            Monthly limit:
          </Box>{' '}
          <Box component="dd" sx={{ display: 'inline', m: 0, fontWeight: 600 }}>
            {limit.monthlyLimit === null ? 'None' : formatMoney(limit.monthlyLimit)}
          </Box>
        </Typography>
        <Typography component="div">
          <Box component="dt" sx={{ display: 'inline', color: 'text.secondary' }}>
            Spent in {month}:
          </Box>{' '}
          <Box component="dd" sx={{ display: 'inline', m: 0, fontWeight: 600 }}>
            {formatMoney(limit.spentThisMonth)}
          </Box>
        </Typography>
        {limit.heldThisMonth > 0 && (
          <Typography component="div">
            <Box component="dt" sx={{ display: 'inline', color: 'text.secondary' }}>
              Purchases in progress:
            </Box>{' '}
            <Box component="dd" sx={{ display: 'inline', m: 0, fontWeight: 600 }}>
              {formatMoney(limit.heldThisMonth)}
            </Box>
          </Typography>
        )}
        {limit.leftThisMonth !== null && (
          <Typography component="div">
            <Box component="dt" sx={{ display: 'inline', color: 'text.secondary' }}>
              Left until {formatDate(limit.monthEndsAt)}:
            </Box>{' '}
            <Box component="dd" sx={{ display: 'inline', m: 0, fontWeight: 600 }}>
              {formatMoney(limit.leftThisMonth)}
            </Box>
          </Typography>
        )}
      </Box>
      {limit.pendingChange && (
        <Alert
          severity="info"
          action={
            limit.monthlyLimit !== null && (
              <Button color="inherit" size="small" onClick={() => void save(limit.monthlyLimit)} disabled={saving}>
                Keep {formatMoney(limit.monthlyLimit)}
              </Button>
            )
          }
        >
          {limit.pendingChange.monthlyLimit === null
            ? `Your limit will be removed on ${formatInstantUtc(limit.pendingChange.appliesAt)}.`
            : `Your limit rises to ${formatMoney(limit.pendingChange.monthlyLimit)} on ${formatInstantUtc(limit.pendingChange.appliesAt)}.`}{' '}
          Until then {limit.monthlyLimit === null ? 'no limit' : formatMoney(limit.monthlyLimit)} applies.
        </Alert>
      )}
      <Stack
        component="form"
        noValidate
        onSubmit={handleSubmit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label="Monthly limit in US dollars"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={fieldError !== null}
          helperText={fieldError ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 5 } }}
          sx={{ maxWidth: { sm: 260 } }}
        />
        <Button type="submit" variant="contained" loading={saving} sx={{ mt: { sm: 1 } }}>
          Set Limit
        </Button>
        {limit.monthlyLimit !== null && limit.pendingChange?.monthlyLimit !== null && (
          <Button variant="outlined" onClick={() => void save(null)} disabled={saving} sx={{ mt: { sm: 1 } }}>
            Remove Limit
          </Button>
        )}
      </Stack>
    </Stack>
  )
}
