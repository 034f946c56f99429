import { Type, type Static } from 'typebox'

import { IsoDateTimeSchema, TextSchema } from './common'
import { EmailSchema, PasswordSchema } from './session'

/*
 * Changing the password and the e-mail address in My Account (docs/product.md#change-password,
 * docs/product.md#change-e-mail, docs/security.md#account-changes): the session feature's calls, in a module of their
 * own so the first load, which carries src/shared/session.ts, carries none of these schemas and texts.
 */

/** How long the link sent to a new address works. */
export const EMAIL_CHANGE_TTL_HOURS = 24
/** How long the old address can undo a change of address. */
export const EMAIL_CHANGE_UNDO_DAYS = 7

export const ChangePasswordBodySchema = Type.Object({
  currentPassword: PasswordSchema,
  newPassword: PasswordSchema,
})
export type ChangePasswordBody = Static<typeof ChangePasswordBodySchema>

export const RequestEmailChangeBodySchema = Type.Object({
  /** The current password: a session alone does not move the account to another inbox. */
  password: PasswordSchema,
  newEmail: EmailSchema,
})
export type RequestEmailChangeBody = Static<typeof RequestEmailChangeBodySchema>

export const RequestEmailChangeResultSchema = Type.Object({
  /** The address the link was sent to, as it will be stored. */
  pendingEmail: Type.String(),
  /** When the link stops working. */
  expiresAt: IsoDateTimeSchema,
})
export type RequestEmailChangeResult = Static<typeof RequestEmailChangeResultSchema>

/** The token from the link e-mailed to the new address. */
export const ConfirmEmailChangeBodySchema = Type.Object({ token: TextSchema({ minLength: 1, maxLength: 200 }) })
export type ConfirmEmailChangeBody = Static<typeof ConfirmEmailChangeBodySchema>

export const ConfirmEmailChangeResultSchema = Type.Object({ email: Type.String() })
export type ConfirmEmailChangeResult = Static<typeof ConfirmEmailChangeResultSchema>

/** The token from the link e-mailed to the old address, and the password that replaces the one that may have leaked. */
export const UndoEmailChangeBodySchema = Type.Object({
  token: TextSchema({ minLength: 1, maxLength: 200 }),
  newPassword: PasswordSchema,
})
export type UndoEmailChangeBody = Static<typeof UndoEmailChangeBodySchema>

export const UndoEmailChangeResultSchema = Type.Object({ email: Type.String() })
export type UndoEmailChangeResult = Static<typeof UndoEmailChangeResultSchema>

/** The texts of changing the password and the e-mail address, shared by the server, the screens and their tests. */
export const ACCOUNT_CHANGE_TEXTS = {
  wrongPassword: 'The password you typed is not your current password.',
  samePassword: 'Your new password is the same as your current one. Please choose another.',
  passwordChanged: 'Your password was changed. Every other session of your account was logged out.',
  sameEmail: 'This is already your e-mail address.',
  emailTaken: 'Another account already uses this e-mail address. Please choose another one.',
  mailOff: 'This site does not send e-mail, so your e-mail address cannot be changed here.',
  linkSent: (email: string) =>
    `We have sent a link to ${email}. Open it within ${EMAIL_CHANGE_TTL_HOURS} hours to start using this address; ` +
    'until then your account keeps its current one.',
  confirmed: (email: string) => `Your e-mail address is now ${email}.`,
  confirmLinkInvalid: 'This e-mail confirmation link is not valid. Please ask for a new one in My Account.',
  confirmLinkUsed: 'This e-mail confirmation link was already used, or a newer one replaced it.',
  confirmLinkExpired: `This e-mail confirmation link has expired: links work for ${EMAIL_CHANGE_TTL_HOURS} hours. Please ask for a new one in My Account.`,
  linkOfAnotherAccount:
    'This link is for another account than the one logged in here. Log out, then open the link again.',
  undoLinkInvalid: 'This link to undo a change of e-mail address is not valid.',
  undoLinkUsed: 'This change of e-mail address was already undone.',
  undoLinkExpired: `This link has expired: a change of e-mail address can be undone for ${EMAIL_CHANGE_UNDO_DAYS} days.`,
  undone: (email: string) =>
    `Your e-mail address is ${email} again and your new password is set. Every session of your account was logged ` +
    'out: log in with your new password.',
  linkMissing: 'This page needs the link from the e-mail. Please open that link again.',
} as const
