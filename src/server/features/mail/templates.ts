import {
  accountDeleted,
  accountDeletionRequested,
  type AccountDeletedPayload,
  type AccountDeletionRequestedPayload,
} from './templates/accountDeletionMails'
import { emailVerification, welcome, type ConfirmationPayload } from './templates/confirmationMails'
import {
  emailChangeConfirm,
  emailChanged,
  type EmailChangeConfirmPayload,
  type EmailChangedPayload,
} from './templates/emailChangeMails'
import type { RenderContext, RenderedMail } from './templates/layout'
import { notificationDigest, type NotificationDigestPayload } from './templates/notificationDigest'
import {
  passwordChanged,
  passwordReset,
  type PasswordChangedPayload,
  type PasswordResetPayload,
} from './templates/passwordMails'
import { physicalCardsAnnouncement, type PhysicalCardsAnnouncementPayload } from './templates/physicalCardsAnnouncement'
import {
  purchaseReceipt,
  purchaseReversed,
  type PurchaseReceiptPayload,
  type PurchaseReversedPayload,
} from './templates/purchaseMails'

/**
 * Every kind of message the app sends, with the values its template needs (docs/product.md#e-mails). Each kind's
 * template is in templates/, built on the layout they share (templates/layout.ts).
 */
export interface MailPayloads {
  passwordReset: PasswordResetPayload
  passwordChanged: PasswordChangedPayload
  emailChangeConfirm: EmailChangeConfirmPayload
  emailChanged: EmailChangedPayload
  /** Sent at sign-up: a welcome with the link that confirms the address. */
  welcome: ConfirmationPayload
  /** Sent when an unconfirmed traveller asks again (Resend). */
  emailVerification: ConfirmationPayload
  purchaseReceipt: PurchaseReceiptPayload
  purchaseReversed: PurchaseReversedPayload
  accountDeletionRequested: AccountDeletionRequestedPayload
  accountDeleted: AccountDeletedPayload
  physicalCardsAnnouncement: PhysicalCardsAnnouncementPayload
  notificationDigest: NotificationDigestPayload
}
export type MailKind = keyof MailPayloads

const RENDERERS: { [K in MailKind]: (payload: MailPayloads[K], context: RenderContext) => RenderedMail } = {
  passwordReset,
  passwordChanged,
  emailChangeConfirm,
  emailChanged,
  welcome,
  emailVerification,
  purchaseReceipt,
  purchaseReversed,
  accountDeletionRequested,
  accountDeleted,
  physicalCardsAnnouncement,
  notificationDigest,
}

export function renderMail<K extends MailKind>(
  kind: K,
  payload: MailPayloads[K],
  context: RenderContext,
): RenderedMail {
  return RENDERERS[kind](payload, context)
}

export function isMailKind(kind: string): kind is MailKind {
  return Object.hasOwn(RENDERERS, kind)
}
