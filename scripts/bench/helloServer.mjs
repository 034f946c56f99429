// The references for the API benchmark: the smallest Fastify server, with Fastify's defaults. Given a file, it also
// serves that file's bytes from memory at /file, as a static file server at its fastest would.
import fs from 'node:fs'

import Fastify from 'fastify'

const [port, file] = process.argv.slice(2)
const app = Fastify({ logger: false })
app.get('/hello', async () => ({ hello: 'world' }))
if (file) {
  const body = fs.readFileSync(file)
  app.get('/file', (request, reply) => reply.type('image/webp').send(body))
}
await app.listen({ port: Number(port), host: '127.0.0.1' })
