import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

jest.setTimeout(60_000)

describe('security headers and caching', () => {
  let t: TestApp
  let proxied: TestApp
  let webRoot: string
  let owner: TestUser
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-web-'))
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>')
    t = await buildTestApp({ seed: false, env: { WEB_ROOT: webRoot } })
    proxied = await buildTestApp({ seed: false, env: { TRUST_PROXY: '1' } })
    owner = await t.register()
  })
  afterAll(async () => {
    await t.close()
    await proxied.close()
    fs.rmSync(webRoot, { recursive: true, force: true })
  })

  it.each(['/api/health', '/myCollection', '/s/user?shareId=NOSUCH'])(
    'sends a Permissions-Policy on %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.headers['permissions-policy']).toContain('camera=()')
      expect(response.headers['permissions-policy']).toContain('geolocation=()')
    },
  )

  it('sends no HSTS over plain HTTP, even when a client claims HTTPS without a trusted proxy', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(plain.headers['strict-transport-security']).toBeUndefined()
    const claimed = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } })
    expect(claimed.headers['strict-transport-security']).toBeUndefined()
  })

  it('sends HSTS when a trusted proxy says the request came over HTTPS', async () => {
    const viaHttps = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(viaHttps.headers['strict-transport-security']).toMatch(/max-age=\d+/)
    const viaHttp = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'http' },
    })
    expect(viaHttp.headers['strict-transport-security']).toBeUndefined()
  })

  it('keeps share pages out of shared caches, so a memory made private is not served from one', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/s/user?shareId=${owner.friendCode}` })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('private, no-cache')
  })

  it.each([
    ['a screen of the app', '/myCollection', 200],
    ['a share page', '/s/user?shareId=OWNER', 200],
    ['an unknown share page', '/s/user?shareId=NOSUCH', 404],
  ])('answers HEAD on %s like GET, without a body', async (_what, url, status) => {
    const target = url.replace('OWNER', owner.friendCode)
    const get = await t.app.inject({ method: 'GET', url: target })
    const head = await t.app.inject({ method: 'HEAD', url: target })
    expect(get.statusCode).toBe(status)
    expect(head.statusCode).toBe(status)
    expect(head.headers['content-type']).toBe(get.headers['content-type'])
    expect(head.body).toBe('')
  })

  it('answers a share link with control characters in its id with the not-found page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/s/user?shareId=%00abc' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toContain('text/html')
  })
})
