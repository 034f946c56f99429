import type { FastifyInstance } from 'fastify'
import { Gauge } from 'prom-client'

import { creditMovementTotals } from './ledger'

/**
 * Credit issued and spent, read from the ledger when scraped rather than counted in memory: the ledger is the
 * truth, a rolled-back action never counts, and every instance reports the same site-wide totals.
 */
export function registerCreditMetrics(fastify: FastifyInstance): void {
  for (const direction of ['issued', 'spent'] as const) {
    new Gauge({
      name: `credits_${direction}`,
      help:
        direction === 'issued'
          ? 'Credit ever given to users (purchases, certificates, referrals, recycling …), by currency and reason.'
          : 'Credit ever spent by users (picks, draws …), by currency and reason.',
      labelNames: ['currency', 'reason'] as const,
      registers: [fastify.metrics.registry],
      async collect() {
        const totals = await creditMovementTotals(fastify.db, direction)
        this.reset()
        for (const row of totals) this.set({ currency: row.currency, reason: row.reason }, row.total)
      },
    })
  }
}
