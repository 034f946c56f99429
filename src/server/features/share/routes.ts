import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { shareUrl } from '@shared/share'

import { listSharePages } from './pages'
import { renderShareNotFound, renderSharePage } from './render'

const SHARE_ID_MAX_LENGTH = 100

/** Images may live on PUBLIC_URL while these pages are served from the share host. */
function contentSecurityPolicy(publicUrl: string): string {
  const imageOrigin = new URL(publicUrl).origin
  return `default-src 'none'; img-src 'self' ${imageOrigin}; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`
}

/**
 * The public pages of the share host, rendered on the server for link previews.
 * With the default SHARE_BASE_URL ({PUBLIC_URL}/s) they sit under /s, before the web app's fallback.
 */
export const shareRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { publicUrl, shareBaseUrl } = fastify.config
  const prefix = new URL(shareBaseUrl).pathname.replace(/\/+$/, '')
  const context = { db: fastify.db, config: fastify.config }
  const csp = contentSecurityPolicy(publicUrl)

  for (const [name, load] of listSharePages()) {
    fastify.get(`${prefix}/${name}`, { config: { limits: ['sharePage'] } }, async (request, reply) => {
      const query = request.query as Record<string, unknown>
      const shareId = typeof query.shareId === 'string' ? query.shareId.trim() : ''
      const page = shareId && shareId.length <= SHARE_ID_MAX_LENGTH ? await load(context, shareId) : null
      reply.type('text/html; charset=utf-8').header('content-security-policy', csp)
      if (!page) return reply.status(404).header('cache-control', 'no-cache').send(renderShareNotFound(publicUrl))
      const html = renderSharePage(page, { publicUrl, pageUrl: shareUrl(shareBaseUrl, name, shareId) })
      return reply.header('cache-control', 'public, max-age=300').send(html)
    })
  }

  // Under a path of the app's own host, anything else there is a share link gone wrong, not a screen of the app.
  if (prefix) {
    fastify.get(`${prefix}/*`, async (_request, reply) =>
      reply
        .status(404)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', csp)
        .send(renderShareNotFound(publicUrl)),
    )
  }
}
