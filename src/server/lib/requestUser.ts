import type { FastifyRequest } from 'fastify'

import { CALL_ERROR_TEXTS } from '@shared/callErrorTexts'

import { AppError } from './errors'

export interface SessionUser {
  id: string
  tokenHash: string
}

// Set by the auth plugin (plugins/auth.ts) on every request, read by the routes through userId().
declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null
    /** A token was sent but is unknown, expired or revoked. */
    staleToken: boolean
    /** Registration or login made a session in this request: the answer is authorized. */
    startedSession: boolean
  }
}

/** The signed-in user of a route guarded by requireUser. */
export function userId(request: FastifyRequest): string {
  if (!request.user) throw new AppError('LoginRequired', CALL_ERROR_TEXTS.loginToPerform)
  return request.user.id
}
