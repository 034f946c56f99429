// The reference for the API benchmark: the smallest Fastify server, with Fastify's defaults.
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/hello', async () => ({ hello: 'world' }))
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' })
