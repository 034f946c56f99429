import fp from 'fastify-plugin'

import { PasswordHashing } from '../lib/passwords'

declare module 'fastify' {
  interface FastifyInstance {
    /** Hashes and checks passwords, at most PASSWORD_HASH_CONCURRENCY at once for the whole instance. */
    passwords: PasswordHashing
  }
}

/**
 * One bound on password hashing per instance, shared by signing in (session) and the password and e-mail changes
 * (account): two pools would let twice the hashes run at once.
 */
export const passwordsPlugin = fp(
  async (fastify) => {
    const { concurrency, queue } = fastify.config.passwordHashing
    fastify.decorate('passwords', new PasswordHashing(concurrency, queue))
  },
  { name: 'passwords' },
)
