import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

import { buildTestApp, type TestApp } from '@test/helpers/server'

/** The page's own inline script, as index.html starts a stored session's first calls. */
const INLINE_SCRIPT = 'startEarlyCalls("/api","web-key")'

describe('serving the web app', () => {
  let t: TestApp
  let webRoot: string
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-web-'))
    fs.mkdirSync(path.join(webRoot, 'assets'))
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      `<!doctype html><html><head><script>${INLINE_SCRIPT}</script></head><body><div id="root"></div></body></html>`,
    )
    fs.writeFileSync(path.join(webRoot, 'assets', 'main.0123456789.js'), 'console.log(1)')
    fs.writeFileSync(path.join(webRoot, 'assets', 'main.0123456789.js.br'), zlib.brotliCompressSync('console.log(1)'))
    fs.writeFileSync(path.join(webRoot, 'assets', 'main.0123456789.js.gz'), zlib.gzipSync('console.log(1)'))
    fs.writeFileSync(
      path.join(webRoot, 'route-preloads.json'),
      JSON.stringify({
        routes: { '': ['/assets/page-home.aaaaaaaaaa.js'], feed: ['/assets/page-feed.bbbbbbbbbb.js'] },
      }),
    )
    t = await buildTestApp({ seed: false, env: { WEB_ROOT: webRoot } })
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(webRoot, { recursive: true, force: true })
  })

  it('answers a deep link with the app (history fallback)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/myCollection' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.body).toContain('<div id="root">')
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  it('lets the page run its own inline script, and no other', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/feed' })
    const policy = String(response.headers['content-security-policy'])
    const scriptSources = policy.split(';').find((directive) => directive.trim().startsWith('script-src'))
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64')
    expect(scriptSources).toContain(`'sha256-${hash}'`)
    expect(scriptSources).not.toContain('unsafe-inline')
    expect(policy).toContain("default-src 'self'")

    // By its file name the page would go out with the API's policy, which refuses the script.
    const byFileName = await t.app.inject({ method: 'GET', url: '/index.html' })
    expect(byFileName.statusCode).toBe(404)
    expect(byFileName.body).not.toContain('startEarlyCalls')

    // An answer of the API keeps the policy without any script allowed by hash.
    const api = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(api.headers['content-security-policy']).not.toContain('sha256-')
  })

  it('serves hashed bundles with a long cache lifetime', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/main.0123456789.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toContain('immutable')
  })

  it('sends the brotli or gzip twin of a bundle that the browser accepts', async () => {
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/assets/main.0123456789.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toContain('Accept-Encoding')
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)')

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/assets/main.0123456789.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1)')
  })

  it('preloads the chunk of the screen a link opens', async () => {
    const feed = await t.app.inject({ method: 'GET', url: '/feed' })
    expect(feed.body).toContain('<link rel="preload" href="/assets/page-feed.bbbbbbbbbb.js" as="script">')
    expect(feed.body).not.toContain('page-home')

    const home = await t.app.inject({ method: 'GET', url: '/?r=ABC234' })
    expect(home.body).toContain('<link rel="preload" href="/assets/page-home.aaaaaaaaaa.js" as="script">')

    const unknown = await t.app.inject({ method: 'GET', url: '/noSuchScreen' })
    expect(unknown.body).toContain('<div id="root">')
    expect(unknown.body).not.toContain('as="script"')
  })

  it('compresses API answers of 1 KB and more', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(zlib.gunzipSync(response.rawPayload).toString()).info.title).toBe('Wandercards API')
  })

  it('answers a missing file with 404 rather than the app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/main.fedcba9876.js' })
    expect(response.statusCode).toBe(404)
  })

  it('never answers an unknown API path with the app', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/myCollection',
      headers: { 'x-api-key': 'test-web-key' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json().metadata.errorCode).toBe('NotFound')
  })

  it('publishes the OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const document = response.json()
    expect(document.info.title).toBe('Wandercards API')
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/register', '/api/login', '/api/getUser']))
  })
})
