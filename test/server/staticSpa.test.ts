import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { buildTestApp, type TestApp } from '@test/helpers/server'

describe('serving the web app', () => {
  let t: TestApp
  let webRoot: string
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-web-'))
    fs.mkdirSync(path.join(webRoot, 'assets'))
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>')
    fs.writeFileSync(path.join(webRoot, 'assets', 'main.0123456789.js'), 'console.log(1)')
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

  it('serves hashed bundles with a long cache lifetime', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/main.0123456789.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toContain('immutable')
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
