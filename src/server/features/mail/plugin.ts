import fp from 'fastify-plugin'
import { Counter, Gauge } from 'prom-client'

import { now } from '../../lib/clock'

import { MailDelivery, mailBacklog } from './service'
import { createMailTransport } from './transport'
import { UnsubscribeSigner } from './unsubscribe'

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's sender (features/mail), or null with MAIL=off. */
    mail: MailDelivery | null
    /** Work a route starts after its answer has gone out (see `afterResponse`); waited for on close. */
    background: BackgroundWork
  }
}

/**
 * Work done after the answer is sent: a call whose answer must not depend on what it finds (a password-reset request
 * for an address that may have no account) answers first, in the same time whatever happens next.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>()

  constructor(private readonly onError: (error: unknown, name: string) => void) {}

  run(name: string, work: () => Promise<void>): void {
    const task = work()
      .catch((error: unknown) => this.onError(error, name))
      .finally(() => this.running.delete(task))
    this.running.add(task)
  }

  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running)
  }
}

/**
 * E-mail (docs/product.md#e-mails): the transport SMTP_URL names (or .eml files under DATA_DIR without it), the outbox
 * delivery as a periodic job, and its metrics, `mail_messages_total` by kind and outcome (sent, retried, failed), and the outbox's backlog
 * (`mail_outbox_messages`, `mail_outbox_oldest_age_seconds`).
 */
export const mailPlugin = fp(
  async (fastify) => {
    const { config } = fastify
    const background = new BackgroundWork((error, name) =>
      fastify.log.error({ err: error, work: name }, `${name} failed`),
    )
    fastify.decorate('background', background)

    const transport = createMailTransport(config.mail, fastify.log)
    if (!transport) {
      fastify.decorate('mail', null)
      fastify.addHook('preClose', async () => background.settled())
      return
    }
    const messages = new Counter({
      name: 'mail_messages_total',
      help: 'E-mail delivery attempts by kind and outcome: sent, retried (will be tried again) or failed (given up).',
      labelNames: ['kind', 'outcome'] as const,
      registers: [fastify.metrics.registry],
    })
    // The backlog, read from the outbox when scraped (deploy/prometheus/alerts.yml alerts on it).
    let backlog: Promise<{ messages: number; oldestAgeSeconds: number }> | null = null
    const readBacklog = () => (backlog ??= mailBacklog(fastify.db, now()).finally(() => (backlog = null)))
    new Gauge({
      name: 'mail_outbox_messages',
      help: 'E-mails waiting in the outbox to be sent, retries included, across all instances.',
      registers: [fastify.metrics.registry],
      async collect() {
        this.set((await readBacklog()).messages)
      },
    })
    new Gauge({
      name: 'mail_outbox_oldest_age_seconds',
      help: 'Age of the oldest e-mail waiting in the outbox, 0 when none waits.',
      registers: [fastify.metrics.registry],
      async collect() {
        this.set((await readBacklog()).oldestAgeSeconds)
      },
    })
    const delivery = new MailDelivery({
      db: fastify.db,
      transport,
      from: config.mail.from,
      publicUrl: config.publicUrl,
      unsubscribe: new UnsubscribeSigner(config.mediaSigningSecret),
      log: fastify.log,
      counted: (kind, outcome) => messages.inc({ kind, outcome }),
    })
    fastify.decorate('mail', delivery)
    await fastify.jobs.every(delivery.job())
    await fastify.jobs.every(delivery.purgeJob())
    fastify.addHook('preClose', async () => {
      await background.settled()
      await delivery.settled()
    })
    fastify.addHook('onClose', async () => transport.close())
  },
  { name: 'mail', dependencies: ['db', 'metrics', 'jobs'] },
)
