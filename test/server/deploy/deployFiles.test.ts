import fs from 'node:fs'
import path from 'node:path'

import { MEMORY_PICTURE_MAX_BYTES } from '@shared/constants'
import { loadConfig } from '@server/config'
import { bodyTooLargeEnvelope } from '@server/plugins/envelope'

import { NGINX_SITE_TEMPLATE, renderNginxSite } from '../../../scripts/cluster/cluster'

/**
 * The deployment files in deploy/ agree with the app they front. nginx's configuration runs for real in the cluster
 * suite; what that suite cannot reach in reasonable time (a body at the very limit, the systemd unit) is read here.
 */
const template = fs.readFileSync(NGINX_SITE_TEMPLATE, 'utf8')
const unit = fs.readFileSync(path.join(__dirname, '../../../deploy/wandercards.service'), 'utf8')

/** The value of each `name value;` directive in the nginx configuration. */
function directives(name: string): string[] {
  return [...template.matchAll(new RegExp(`^\\s*${name}\\s+([^;]+);`, 'gm'))].map(([, value = '']) => value.trim())
}

/** The values of `Key=` in the unit, in order. */
function unitValues(key: string): string[] {
  return [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map(([, value = '']) => value)
}

describe('the nginx configuration', () => {
  it("refuses a body beyond its limit with the app's own refusal, word for word", () => {
    const refusal = /location @body_too_large \{[^}]*return (\d+) '([^']+)';/.exec(template)
    expect(refusal?.[1]).toBe('400')
    expect(JSON.parse(refusal?.[2] ?? '')).toEqual(bodyTooLargeEnvelope())
    expect(directives('error_page')).toEqual(['413 = @body_too_large'])
  })

  it('lets every body the app takes through: a memory picture at the upload limit and its multipart wrapping', () => {
    const [limit] = directives('client_max_body_size')
    const megabytes = Number(/^(\d+)m$/.exec(limit ?? '')?.[1])
    expect(megabytes * 1024 * 1024).toBeGreaterThan(MEMORY_PICTURE_MAX_BYTES + 64 * 1024)
    // … and no more than the app's limit needs, so larger bodies never reach an instance.
    expect(megabytes * 1024 * 1024).toBeLessThanOrEqual(MEMORY_PICTURE_MAX_BYTES + 1024 * 1024)
  })

  it("sets X-Forwarded-For to the connecting address rather than appending to the client's", () => {
    expect(template).toMatch(/^\s*proxy_set_header X-Forwarded-For \$remote_addr;/m)
    expect(template).not.toContain('$proxy_add_x_forwarded_for')
    expect(template).toMatch(/^\s*proxy_set_header X-Request-Id \$request_id;/m)
  })

  it('keeps connections to the instances open, closing idle ones before the app does', () => {
    expect(directives('proxy_http_version')).toEqual(['1.1'])
    expect(directives('proxy_set_header')).toContain('Connection ""')
    expect(directives('keepalive')).toEqual(['32'])
    // Fastify closes an idle connection after 72 s.
    expect(directives('keepalive_timeout')).toContain('60s')
  })

  it('renders only its own settings, leaving nginx variables for nginx', () => {
    const rendered = renderNginxSite(template, {
      WANDERCARDS_LISTEN: '80',
      WANDERCARDS_SERVER_NAME: 'wandercards.example',
      WANDERCARDS_ACCESS_LOG: '/var/log/nginx/wandercards.access.log',
      WANDERCARDS_UPSTREAMS: 'server 10.0.0.11:8080;',
    })
    expect(rendered).not.toMatch(/\$\{/)
    expect(rendered).toMatch(/^ {2}listen 80;$/m)
    expect(rendered).toMatch(/^ {2}server 10\.0\.0\.11:8080;$/m)
    expect(rendered).toContain('$remote_addr')
  })
})

describe('the systemd unit', () => {
  it('runs the built server as its own user, restarting it after a crash', () => {
    expect(unitValues('User')).toEqual(['wandercards'])
    expect(unitValues('ExecStart')).toEqual(['/usr/bin/node --enable-source-maps dist/server/main.js'])
    expect(unitValues('Restart')).toEqual(['on-failure'])
    expect(unitValues('EnvironmentFile')).toContain('/etc/wandercards/wandercards.env')
    expect(unitValues('NoNewPrivileges')).toEqual(['yes'])
    expect(unitValues('ProtectSystem')).toEqual(['strict'])
  })

  it('waits for a graceful stop longer than the server takes to finish requests in flight', () => {
    expect(unitValues('KillSignal')).toEqual(['SIGTERM'])
    const [timeout] = unitValues('TimeoutStopSec')
    const graceSeconds = loadConfig({}).shutdownGraceMs / 1000
    expect(Number(/^(\d+)s$/.exec(timeout ?? '')?.[1])).toBeGreaterThanOrEqual(graceSeconds + 10)
  })
})
