import { PRODUCT_NAME } from '@shared/constants'

import { button, greetingMail, mailDate, paragraphs, spaced, type RenderContext, type RenderedMail } from './layout'

export interface AccountDeletionRequestedPayload {
  username: string
  deletionDueAt: string
}

export interface AccountDeletedPayload {
  username: string
}

export function accountDeletionRequested(
  { username, deletionDueAt }: AccountDeletionRequestedPayload,
  { publicUrl }: RenderContext,
): RenderedMail {
  const loginLink = `${publicUrl}/login`
  const date = mailDate(deletionDueAt)
  const lines = [
    `You asked to delete your ${PRODUCT_NAME} account. It will be deleted on ${date}, with your memories and ` +
      'their pictures, your cards and draws, your comments and likes, your friendships and your notifications.',
    `Changed your mind? Log in before ${date} and the deletion is cancelled.`,
    'If you did not ask for this, log in now: it cancels the deletion. Then set a new password.',
  ]
  return greetingMail({
    username,
    subject: `Your ${PRODUCT_NAME} account will be deleted on ${date}`,
    text: [...spaced(lines), '', loginLink],
    html: [paragraphs(lines), button(loginLink, 'Log in to keep my account')],
    links: [loginLink],
  })
}

export function accountDeleted({ username }: AccountDeletedPayload): RenderedMail {
  const lines = [
    `Your ${PRODUCT_NAME} account ${username} has been deleted, as you asked 14 days ago, with everything in it.`,
    'Your purchases are kept without your name, for accounting. This is the last e-mail we send to this address; ' +
      'we keep no copy of it.',
    `You are welcome to sign up again with this address at any time.`,
  ]
  return greetingMail({
    username,
    subject: `Your ${PRODUCT_NAME} account has been deleted`,
    text: spaced(lines),
    html: [paragraphs(lines)],
    links: [],
  })
}
