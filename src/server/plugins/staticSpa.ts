import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import fastifyStatic from '@fastify/static'
import fp from 'fastify-plugin'

import { sendNotFoundEnvelope } from './envelope'
import { contentSecurityPolicyAllowing } from './securityHeaders'

/** Written by the web build: each screen's script files by first path segment. */
interface RoutePreloads {
  routes: Record<string, string[]>
}

function readRoutePreloads(webRoot: string): RoutePreloads {
  try {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(webRoot, 'route-preloads.json'), 'utf8'),
    ) as Partial<RoutePreloads>
    return { routes: manifest.routes ?? {} }
  } catch {
    // A development build has no manifest; pages still load, only without the preloads.
    return { routes: {} }
  }
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}

/** The sha256 (base64) of each inline script of a page, as a content security policy names it. */
export function inlineScriptHashes(html: string): string[] {
  const scripts = html.matchAll(/<script>([\s\S]*?)<\/script>/g)
  return [...scripts].map(([, body = '']) => createHash('sha256').update(body).digest('base64'))
}

/**
 * index.html for one screen: preload links for the screen's own chunks, so the browser fetches them alongside the main
 * bundle instead of after it has run.
 */
function pageHtml(template: string, preloads: RoutePreloads, segment: string): string {
  const links = (preloads.routes[segment] ?? []).map(
    (href) => `<link rel="preload" href="${escapeAttribute(href)}" as="script">`,
  )
  if (links.length === 0) return template
  return template.replace('</head>', `${links.join('')}</head>`)
}

/**
 * Serves the built web app. Any other GET that is not under /api gets index.html,
 * so deep links such as /myCollection load the app (history fallback).
 */
export const staticSpaPlugin = fp(
  async (fastify) => {
    const webRoot = fastify.config.webRoot
    const indexFile = webRoot ? path.join(webRoot, 'index.html') : null
    const hasApp = indexFile != null && fs.existsSync(indexFile)
    const template = hasApp && indexFile ? fs.readFileSync(indexFile, 'utf8') : ''
    const preloads = hasApp && webRoot ? readRoutePreloads(webRoot) : { routes: {} }
    const pages = new Map<string, string>()
    // index.html starts a stored session's first calls in an inline script (public/earlyCalls.js), which the policy
    // allows by its hash, computed from the file served.
    const pageSecurityPolicy = contentSecurityPolicyAllowing(inlineScriptHashes(template))
    if (hasApp && webRoot) {
      await fastify.register(fastifyStatic, {
        root: webRoot,
        wildcard: false,
        index: false,
        cacheControl: false,
        // The build writes a brotli and a gzip twin of every text asset; the one the browser accepts is sent as is.
        preCompressed: true,
        setHeaders: (res, filePath) => {
          // Bundles carry a content hash in their names; index.html must always be fresh.
          const immutable = /\.[0-9a-f]{8,}\./.test(path.basename(filePath))
          res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
          res.setHeader('Vary', 'Accept-Encoding')
        },
        // The page is served only at the app's addresses, with its own content security policy; by its file name it
        // would go out with the API's policy, which refuses its inline script (and the app has no such route).
        allowedPath: (pathName) => !pathName.startsWith('/index.html'),
      })
    }

    fastify.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith('/api')) return sendNotFoundEnvelope(request, reply)
      // Only page routes fall back to the app; a missing file (an old bundle name, say) is a plain 404.
      const [urlPath = ''] = request.url.split('?')
      const isPageRoute = !path.extname(urlPath)
      // HEAD answers like GET (link previews and uptime checks use it), without the body.
      if ((request.method === 'GET' || request.method === 'HEAD') && hasApp && isPageRoute) {
        const segment = urlPath.split('/')[1] ?? ''
        // Only segments of real screens are kept, so the cache cannot grow with arbitrary URLs.
        const key = Object.hasOwn(preloads.routes, segment) ? segment : '*'
        let html = pages.get(key)
        if (html === undefined) {
          html = pageHtml(template, preloads, key)
          pages.set(key, html)
        }
        reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          .header('Content-Security-Policy', pageSecurityPolicy)
        return reply.send(request.method === 'HEAD' ? '' : html)
      }
      return reply.status(404).type('text/plain').send('Not found')
    })
  },
  { name: 'static-spa', dependencies: ['db', 'envelope'] },
)
