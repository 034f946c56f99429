import fs from 'node:fs'
import path from 'node:path'

import { parse } from 'yaml'

import { buildTestApp, type TestApp } from '@test/helpers/server'

/**
 * deploy/prometheus/alerts.yml and deploy/grafana/wandercards.json name metrics by hand; promtool is not at hand to
 * check the rules, so this test reads them and finds every metric they name among those the app exports: a renamed
 * metric would otherwise leave an alert that never fires.
 */
const ROOT = path.resolve(__dirname, '../..')
const METRICS_TOKEN = 'deploy-monitoring-metrics-token'
/** Made by Prometheus itself for every target, not by the app. */
const PROMETHEUS_SERIES = ['up']
const PROMQL_WORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without', 'on', 'ignoring', 'inf', 'nan'])

/** The metric names an expression reads: identifiers that are not functions, keywords, labels or durations. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\boffset\s+\w+/g, '')
  return [...bare.matchAll(/([A-Za-z_:][A-Za-z0-9_:]*)(\s*\()?/g)]
    .filter((match) => !match[2])
    .map((match) => match[1] ?? '')
    .filter((name) => !PROMQL_WORDS.has(name.toLowerCase()))
}

interface AlertRule {
  alert?: string
  expr?: string
  for?: string
  labels?: { severity?: string }
  annotations?: { summary?: string; description?: string }
}

const rules = (
  parse(fs.readFileSync(path.join(ROOT, 'deploy/prometheus/alerts.yml'), 'utf8')) as {
    groups: { name: string; rules: AlertRule[] }[]
  }
).groups.flatMap((group) => group.rules)

const dashboard = JSON.parse(fs.readFileSync(path.join(ROOT, 'deploy/grafana/wandercards.json'), 'utf8')) as {
  uid: string
  panels: { id: number; title: string; targets: { expr: string }[] }[]
}

describe('the monitoring shipped in deploy/', () => {
  let t: TestApp
  let exported: Set<string>
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, env: { METRICS_TOKEN } })
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
    exported = new Set(PROMETHEUS_SERIES)
    for (const [, name = '', type] of response.body.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      exported.add(name)
      if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) exported.add(`${name}${suffix}`)
    }
  })
  afterAll(() => t.close())

  it('reads the metrics it alerts on: error rate, latency, credit, jobs, mail backlog', () => {
    const named = new Set(rules.flatMap((rule) => metricNames(rule.expr ?? '')))
    for (const metric of [
      'http_requests_total',
      'http_request_duration_seconds_bucket',
      'credits_issued',
      'credits_spent',
      'job_runs_total',
      'mail_outbox_oldest_age_seconds',
    ]) {
      expect(named).toContain(metric)
    }
  })

  it.each(rules.map((rule) => [rule.alert ?? '(unnamed)', rule] as const))(
    '%s names only metrics the app exports, and says what to do',
    (_, rule) => {
      expect(rule.expr).toEqual(expect.any(String))
      const names = metricNames(rule.expr ?? '')
      expect(names.length).toBeGreaterThan(0)
      for (const name of names) expect([...exported]).toContain(name)
      expect(rule.for).toMatch(/^\d+[smh]$/)
      expect(['page', 'warn']).toContain(rule.labels?.severity)
      expect(rule.annotations?.summary).toEqual(expect.any(String))
      expect(rule.annotations?.description).toEqual(expect.any(String))
    },
  )

  it('has alerts of unique names, and a dashboard whose every panel queries exported metrics', () => {
    const names = rules.map((rule) => rule.alert)
    expect(new Set(names).size).toBe(names.length)
    expect(dashboard.uid).toBe('wandercards')
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length)
    for (const panel of dashboard.panels) {
      expect(panel.targets.length).toBeGreaterThan(0)
      for (const target of panel.targets) {
        const metrics = metricNames(target.expr)
        expect(metrics.length).toBeGreaterThan(0)
        for (const name of metrics)
          expect({ panel: panel.title, name, exported: exported.has(name) }).toEqual({
            panel: panel.title,
            name,
            exported: true,
          })
      }
    }
  })

  it('finds metric names the way PromQL reads them', () => {
    expect(
      metricNames(
        'histogram_quantile(0.95, sum by (le) (rate(http_request_duration_seconds_bucket{route!~"/a|b"}[5m]))) > 1 and up offset 5m',
      ),
    ).toEqual(['http_request_duration_seconds_bucket', 'up'])
  })
})
