import type { ReportBody } from '@shared/moderation'
import type { TestApp, TestUser } from '@test/helpers/server'

let reports = 0

/**
 * Sends a report as `user`, each from an address of its own, so the per-address limits never speak for the per-account
 * one the flood test checks.
 */
export function report(t: TestApp, user: TestUser, body: ReportBody) {
  reports += 1
  return t.call<{ message: string }>('POST', '/api/moderation/report', {
    token: user.token,
    body,
    remoteAddress: `10.9.${Math.floor(reports / 250)}.${reports % 250}`,
  })
}

/** Posts a comment as `user` and returns its id. */
export async function comment(t: TestApp, user: TestUser, memoryId: string, commentContent: string): Promise<string> {
  const { body } = await t.call<{ memoryCommentId: string }>('POST', '/api/memory/postComment', {
    token: user.token,
    body: { memoryId, commentContent },
  })
  return body.data.memoryCommentId
}
