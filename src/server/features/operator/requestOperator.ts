import type { FastifyRequest } from 'fastify'

import { AppError } from '../../lib/errors'

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator behind the call, set by requireOperator (features/operator/plugin.ts); null on every other call. */
    operator: { userId: string; verified: boolean } | null
  }
}

/** The operator of a call guarded by requireOperator. */
export function operatorUserId(request: FastifyRequest): string {
  if (!request.operator) throw new Error('operatorUserId() on a call not guarded by requireOperator')
  return request.operator.userId
}

/** The session token hash of a call guarded by requireOperator. */
export function operatorTokenHash(request: FastifyRequest): string {
  if (!request.operator || !request.user) throw new AppError('NotFound', 'No such call.')
  return request.user.tokenHash
}
