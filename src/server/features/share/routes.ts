import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { shareUrl, type SharePageName } from '@shared/share'

import type { SharePageLoader } from '../../lib/sharePages'

import { renderShareNotFound, renderSharePage } from './render'

const SHARE_ID_MAX_LENGTH = 100

/** Share ids are short printable codes; anything else (empty, long, control characters) is a link gone wrong. */
function isShareId(shareId: string): boolean {
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  return shareId.length > 0 && shareId.length <= SHARE_ID_MAX_LENGTH && !/[\u0000-\u001F\u007F-\u009F]/.test(shareId)
}

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

  for (const [name, load] of Object.entries(fastify.sharePages) as [SharePageName, SharePageLoader][]) {
    fastify.get(`${prefix}/${name}`, { config: { limits: ['sharePage'] } }, async (request, reply) => {
      const query = request.query as Record<string, unknown>
      const shareId = typeof query.shareId === 'string' ? query.shareId.trim() : ''
      const page = isShareId(shareId) ? await load(context, shareId) : null
      reply.type('text/html; charset=utf-8').header('content-security-policy', csp)
      if (!page) return reply.status(404).header('cache-control', 'no-cache').send(renderShareNotFound(publicUrl))
      const html = renderSharePage(page, { publicUrl, pageUrl: shareUrl(shareBaseUrl, name, shareId) })
      // Not kept by shared caches: a memory or card made private must stop showing at once, not when a copy expires.
      return reply.header('cache-control', 'private, no-cache').send(html)
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
