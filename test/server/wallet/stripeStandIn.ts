import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StandInIntent {
  id: string
  object: 'payment_intent'
  amount: number
  amount_received: number
  currency: string
  status: string
  client_secret: string
  description: string | null
  metadata: Record<string, string>
}

/** A stand-in for api.stripe.com on loopback: enough of /v1/payment_intents and /v1/refunds for the real SDK. */
export interface StripeStandIn {
  port: number
  intents: Map<string, StandInIntent>
  /** Form bodies the SDK posted, in order. */
  createRequests: URLSearchParams[]
  /** Refunds asked for: the intent and the idempotency key the SDK sent. */
  refundRequests: { paymentIntent: string | null; idempotencyKey: string | undefined }[]
  /** The Stripe-Version header of every request, in order. */
  apiVersions: (string | undefined)[]
  succeed(id: string): StandInIntent
  close(): Promise<void>
}

function send(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${crypto.randomBytes(6).toString('hex')}`,
  })
  response.end(JSON.stringify(body))
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>()
  const createRequests: URLSearchParams[] = []
  const refundRequests: StripeStandIn['refundRequests'] = []
  const apiVersions: StripeStandIn['apiVersions'] = []
  const server = http.createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    request.on('end', () => {
      const version = request.headers['stripe-version']
      apiVersions.push(Array.isArray(version) ? version[0] : version)
      const url = new URL(request.url ?? '/', 'http://127.0.0.1')
      if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const form = new URLSearchParams(raw)
        createRequests.push(form)
        const id = `pi_${crypto.randomBytes(8).toString('hex')}`
        const metadata: Record<string, string> = {}
        for (const [key, value] of form) {
          const name = /^metadata\[(.+)\]$/.exec(key)?.[1]
          if (name) metadata[name] = value
        }
        const intent: StandInIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          amount_received: 0,
          currency: form.get('currency') ?? '',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${crypto.randomBytes(8).toString('hex')}`,
          description: form.get('description'),
          metadata,
        }
        intents.set(id, intent)
        send(response, 200, intent)
        return
      }
      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        const form = new URLSearchParams(raw)
        const paymentIntent = form.get('payment_intent')
        const key = request.headers['idempotency-key']
        refundRequests.push({ paymentIntent, idempotencyKey: Array.isArray(key) ? key[0] : key })
        send(response, 200, {
          id: `re_${crypto.randomBytes(8).toString('hex')}`,
          object: 'refund',
          payment_intent: paymentIntent,
          status: 'succeeded',
        })
        return
      }
      const retrievedId = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname)?.[1]
      if (request.method === 'GET' && retrievedId) {
        const intent = intents.get(decodeURIComponent(retrievedId))
        if (intent) {
          send(response, 200, intent)
          return
        }
        send(response, 404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${retrievedId}'`,
            param: 'intent',
          },
        })
        return
      }
      send(response, 404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${url.pathname})`,
        },
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    intents,
    createRequests,
    refundRequests,
    apiVersions,
    succeed(id) {
      const intent = intents.get(id)
      if (!intent) throw new Error(`unknown stand-in intent ${id}`)
      intent.status = 'succeeded'
      intent.amount_received = intent.amount
      return intent
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
