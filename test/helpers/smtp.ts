import type { AddressInfo } from 'node:net'

import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

const USER = 'wandercards'
const PASSWORD = 'smtp-test-password'

/**
 * A real SMTP server in this process (smtp-server), requiring the credentials SMTP_URL carries; each message it
 * accepts is parsed with mailparser. `refusing` makes it answer every message with a temporary failure (451), as a
 * server that is full or greylisting does.
 */
export interface TestSmtpServer {
  /** SMTP_URL for the app: smtp://user:password@127.0.0.1:port. */
  url: string
  port: number
  received: ParsedMail[]
  /** How many messages it refused. */
  refused: number
  refusing: boolean
  /** Waits until `count` messages have arrived, failing after `timeoutMs`. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ParsedMail[]>
  close(): Promise<void>
}

export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const state = { received: [] as ParsedMail[], refused: 0, refusing: false }
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER })
      else callback(new Error('Invalid username or password'))
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (state.refusing) {
            state.refused += 1
            callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }))
            return
          }
          state.received.push(parsed)
          callback()
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const actualPort = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${actualPort}`,
    port: actualPort,
    get received() {
      return state.received
    },
    get refused() {
      return state.refused
    },
    get refusing() {
      return state.refusing
    },
    set refusing(value: boolean) {
      state.refusing = value
    },
    async waitForMessages(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      while (state.received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} messages, the SMTP server received ${state.received.length}`)
        }
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      return state.received
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A port nothing listens on (yet): an SMTP server that is down. */
export async function unusedPort(): Promise<number> {
  const probe = await startSmtpServer()
  const { port } = probe
  await probe.close()
  return port
}
