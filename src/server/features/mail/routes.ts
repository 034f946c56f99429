import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { PRODUCT_NAME } from '@shared/constants'
import { UNSUBSCRIBE_TEXTS } from '@shared/mail'

import { route } from '../../lib/calls'
import { userId } from '../../lib/requestUser'

import * as subscriptions from './subscriptions'
import { escapeHtml } from './templates/layout'
import type { MailingList, UnsubscribeSigner } from './unsubscribe'

/** A token is `{list}.{uuid}.{43 characters}`; anything much longer is not one. */
const TOKEN_MAX_LENGTH = 200

const UNSUBSCRIBE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

function unsubscribePage(body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(UNSUBSCRIBE_TEXTS.title)} · ${escapeHtml(PRODUCT_NAME)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f6f3ee;font-family:Arial,Helvetica,sans-serif;color:#1d2a36">',
    '<main style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">',
    `<h1 style="font-size:22px">${escapeHtml(UNSUBSCRIBE_TEXTS.title)}</h1>`,
    body,
    `<p style="color:#5b6670;font-size:13px;margin-top:32px"><a href="/myAccount">${escapeHtml(PRODUCT_NAME)}</a></p>`,
    '</main></body></html>',
  ].join('\n')
}

function confirmPage(list: MailingList, token: string): string {
  return unsubscribePage(
    [
      `<p>${escapeHtml(UNSUBSCRIBE_TEXTS.confirm[list])}</p>`,
      `<form method="post" action="/unsubscribe?token=${escapeHtml(encodeURIComponent(token))}">`,
      '<input type="hidden" name="List-Unsubscribe" value="One-Click">',
      '<button type="submit" style="background:#1f6f78;color:#ffffff;border:0;padding:12px 20px;border-radius:8px;' +
        `font-weight:bold;font-size:16px;cursor:pointer">${escapeHtml(UNSUBSCRIBE_TEXTS.button)}</button>`,
      '</form>',
    ].join('\n'),
  )
}

function tokenOf(query: unknown): string {
  const token = (query as Record<string, unknown> | null)?.token
  return typeof token === 'string' && token.length <= TOKEN_MAX_LENGTH ? token : ''
}

/**
 * The e-mails a traveller chooses (docs/product.md#e-mails): "Get Notified" for physical cards, the digest setting of
 * My Account, and the unsubscribe page every digest and announcement links to (List-Unsubscribe, RFC 8058).
 */
export function mailRoutes(signer: UnsubscribeSigner): FastifyPluginAsyncTypebox {
  return async (fastify) => {
    const { db } = fastify

    route(
      fastify,
      'requestPhysicalCardsNotice',
      { onRequest: fastify.requireUser, prefix: '/api' },
      async (request) => {
        await subscriptions.requestPhysicalCardsNotice(db, userId(request))
        return null
      },
    )

    route(fastify, 'getEmailPreferences', { onRequest: fastify.requireUser, prefix: '/api' }, (request) =>
      subscriptions.getEmailPreferences(db, userId(request)),
    )

    route(fastify, 'setEmailPreferences', { onRequest: fastify.requireUser, prefix: '/api' }, (request) =>
      subscriptions.setEmailPreferences(db, userId(request), request.body),
    )

    // Outside /api: mail clients and browsers reach these without the app's key or a session; the signed token is
    // the capability. The GET only asks (link scanners fetch links), the POST unsubscribes.
    fastify.register(async (page) => {
      // RFC 8058's one-click POST carries `List-Unsubscribe=One-Click` as a form; the token is in the address, so the
      // body is read as text and not used.
      page.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 },
        (_request, body, done) => done(null, body),
      )
      const html = { 'content-type': 'text/html; charset=utf-8' }
      const headers = { ...html, 'cache-control': 'no-store', 'content-security-policy': UNSUBSCRIBE_CSP }

      page.get('/unsubscribe', { config: { limits: ['unsubscribe'] } }, async (request, reply) => {
        const token = tokenOf(request.query)
        const named = subscriptions.readUnsubscribeToken(signer, token)
        if (!named) {
          return reply
            .status(400)
            .headers(headers)
            .send(unsubscribePage(`<p>${escapeHtml(UNSUBSCRIBE_TEXTS.invalid)}</p>`))
        }
        return reply.headers(headers).send(confirmPage(named.list, token))
      })

      page.post('/unsubscribe', { config: { limits: ['unsubscribe'] } }, async (request, reply) => {
        const list = await subscriptions.unsubscribe(db, signer, tokenOf(request.query))
        if (!list) {
          return reply
            .status(400)
            .headers(headers)
            .send(unsubscribePage(`<p>${escapeHtml(UNSUBSCRIBE_TEXTS.invalid)}</p>`))
        }
        return reply.headers(headers).send(unsubscribePage(`<p>${escapeHtml(UNSUBSCRIBE_TEXTS.done[list])}</p>`))
      })
    })
  }
}
