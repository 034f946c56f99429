import fp from 'fastify-plugin'

import type { JobRunner } from '../lib/jobs'

declare module 'fastify' {
  interface FastifyInstance {
    /** Background work that runs once per period across all instances (see lib/jobs.ts). */
    jobs: JobRunner
  }
}

/**
 * Makes the job runner built in app.ts available; features add their periodic jobs before the server is ready,
 * which starts the runner. It stops on close, before the database and the blob store its jobs use are closed.
 */
export const jobsPlugin = fp<{ jobs: JobRunner }>(
  async (fastify, { jobs }) => {
    fastify.decorate('jobs', jobs)
    fastify.addHook('onReady', async () => jobs.start())
    fastify.addHook('preClose', async () => jobs.stop())
  },
  { name: 'jobs', dependencies: ['db', 'blobs'] },
)
