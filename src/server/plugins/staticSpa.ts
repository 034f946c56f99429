import fs from 'node:fs'
import path from 'node:path'

import fastifyStatic from '@fastify/static'
import fp from 'fastify-plugin'

import { sendNotFoundEnvelope } from './envelope'

/**
 * Serves the built web app. Any other GET that is not under /api gets index.html,
 * so deep links such as /myCollection load the app (history fallback).
 */
export const staticSpaPlugin = fp(
  async (fastify) => {
    const webRoot = fastify.config.webRoot
    const indexFile = webRoot ? path.join(webRoot, 'index.html') : null
    const hasApp = indexFile != null && fs.existsSync(indexFile)
    if (hasApp && webRoot) {
      await fastify.register(fastifyStatic, {
        root: webRoot,
        wildcard: false,
        index: false,
        cacheControl: false,
        setHeaders: (res, filePath) => {
          // Bundles carry a content hash in their names; index.html must always be fresh.
          const immutable = /\.[0-9a-f]{8,}\./.test(path.basename(filePath))
          res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        },
      })
    }

    fastify.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith('/api')) return sendNotFoundEnvelope(request, reply)
      // Only page routes fall back to the app; a missing file (an old bundle name, say) is a plain 404.
      const [urlPath = ''] = request.url.split('?')
      const isPageRoute = !path.extname(urlPath)
      // HEAD answers like GET (link previews and uptime checks use it), without the body.
      const isRead = request.method === 'GET' || request.method === 'HEAD'
      if (isRead && hasApp && indexFile && isPageRoute) {
        reply.type('text/html').header('Cache-Control', 'no-cache')
        return reply.send(request.method === 'HEAD' ? '' : fs.createReadStream(indexFile))
      }
      return reply.status(404).type('text/plain').send('Not found')
    })
  },
  { name: 'static-spa', dependencies: ['db', 'envelope'] },
)
