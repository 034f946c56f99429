// The cluster's mail server, a process of its own (smtp-server) so it can be stopped and started again while the
// instances run: it requires the credentials SMTP_URL carries and writes each message it accepts, as received, to
// MAIL_SERVER_FOLDER/<n>.eml. A message is accepted (250) only once its file is complete, so a message the sender was
// told is delivered is on disk, and one cut short by a stop is not, and is sent again.
//   MAIL_SERVER_PORT=2525 MAIL_SERVER_FOLDER=/tmp/mail MAIL_SERVER_USER=u MAIL_SERVER_PASSWORD=p node mailServer.mjs
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

import { SMTPServer } from 'smtp-server'

const { MAIL_SERVER_PORT, MAIL_SERVER_FOLDER, MAIL_SERVER_USER, MAIL_SERVER_PASSWORD } = process.env
if (!MAIL_SERVER_PORT || !MAIL_SERVER_FOLDER || !MAIL_SERVER_USER || !MAIL_SERVER_PASSWORD) {
  console.error('mailServer: set MAIL_SERVER_PORT, MAIL_SERVER_FOLDER, MAIL_SERVER_USER and MAIL_SERVER_PASSWORD')
  process.exit(2)
}

async function store(stream) {
  const chunks = []
  for await (const chunk of stream) chunks.push(chunk)
  // Named by arrival time, then at random: a restarted server never overwrites what an earlier run wrote.
  const name = `${Date.now()}-${crypto.randomBytes(4).toString('hex')}.eml`
  const file = path.join(MAIL_SERVER_FOLDER, name)
  await fs.writeFile(`${file}.partial`, Buffer.concat(chunks))
  await fs.rename(`${file}.partial`, file)
}

const server = new SMTPServer({
  authOptional: false,
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === MAIL_SERVER_USER && auth.password === MAIL_SERVER_PASSWORD)
      callback(null, { user: auth.username })
    else callback(new Error('Invalid username or password'))
  },
  onData(stream, _session, callback) {
    store(stream).then(
      () => callback(),
      (error) => callback(error),
    )
  },
})

await fs.mkdir(MAIL_SERVER_FOLDER, { recursive: true })
server.on('error', (error) => console.error(`mailServer: ${error.message}`))
server.listen(Number(MAIL_SERVER_PORT), '127.0.0.1', () => {
  console.log(`mailServer: listening on 127.0.0.1:${MAIL_SERVER_PORT}, writing to ${MAIL_SERVER_FOLDER}`)
})

// A stop lets a message being received finish (its sender gets its answer), then exits.
const stop = () => server.close(() => process.exit(0))
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
