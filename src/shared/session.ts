import { Type, type Static } from 'typebox'

import { CreditAmountSchema, IdSchema, IntegerSchema, IsoDateTimeSchema, TextSchema } from './common'
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  FRIEND_CODE_LENGTH,
  PASSWORD_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from './constants'

export const EmailSchema = TextSchema({ pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX_LENGTH })
export const PasswordSchema = TextSchema({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH })

export const RegisterBodySchema = Type.Object({
  email: EmailSchema,
  /** The part of the e-mail before the @; the server makes it unique and at most 20 characters. */
  name: Type.Optional(TextSchema({ maxLength: EMAIL_MAX_LENGTH })),
  password: PasswordSchema,
  /** A friend's code (query `r`): both become friends and the invitation rewards apply. */
  friendCode: Type.Optional(TextSchema({ maxLength: 32 })),
  /** Where the user came from (query `ref`); a friend code here counts as an invitation. */
  ref: Type.Optional(TextSchema({ maxLength: 100 })),
  /** The visitor's free draw, claimed into the new collection. */
  freeDrawTransactionId: Type.Optional(TextSchema({ maxLength: 100 })),
})
export type RegisterBody = Static<typeof RegisterBodySchema>

export const RegisterResultSchema = Type.Object({
  username: Type.String(),
  authKey: Type.String(),
  email: Type.String(),
  digitalCredit: CreditAmountSchema,
  physicalCredit: CreditAmountSchema,
  avatarId: IntegerSchema(),
  invitationReward: Type.Boolean(),
  friendCode: Type.String(),
})
export type RegisterResult = Static<typeof RegisterResultSchema>

export const LoginBodySchema = Type.Object({
  email: TextSchema({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }),
  password: PasswordSchema,
})
export type LoginBody = Static<typeof LoginBodySchema>

export const LoginResultSchema = Type.Object({
  authKey: Type.String(),
  username: Type.String(),
  email: Type.String(),
  avatarId: IntegerSchema(),
  digitalCredit: CreditAmountSchema,
  physicalCredit: CreditAmountSchema,
  friendCode: Type.String(),
  /** This login cancelled the account's pending deletion (docs/product.md#account-deletion). */
  accountDeletionCancelled: Type.Boolean(),
})
export type LoginResult = Static<typeof LoginResultSchema>

/** Collection counts: rarityStats holds five counts, for rarities 1 to 5. */
export const UserCardStatsSchema = Type.Object({
  collectionCount: IntegerSchema(),
  cardCount: IntegerSchema(),
  rarityStats: Type.Array(IntegerSchema(), { minItems: 5, maxItems: 5 }),
})
export type UserCardStats = Static<typeof UserCardStatsSchema>

export const ExperienceFieldsSchema = Type.Object({
  userLevel: IntegerSchema(),
  userExp: IntegerSchema(),
  expToLevelUp: IntegerSchema(),
  expForCurrentLevel: IntegerSchema(),
})

export const UserSchema = Type.Object({
  userId: IdSchema,
  avatarId: IntegerSchema(),
  username: Type.String(),
  email: Type.String(),
  digitalCredit: CreditAmountSchema,
  physicalCredit: CreditAmountSchema,
  userLevel: IntegerSchema(),
  userExp: IntegerSchema(),
  expToLevelUp: IntegerSchema(),
  expForCurrentLevel: IntegerSchema(),
  friendCode: Type.String(),
  createdAt: IsoDateTimeSchema,
  userCardStats: UserCardStatsSchema,
  memoryCount: IntegerSchema(),
  friendCount: IntegerSchema(),
  /** Whether the account proved it reads its address (docs/product.md#verified-e-mail). */
  emailVerified: Type.Boolean(),
  /**
   * Credit a refund or dispute took back after it was spent (docs/product.md#refunds-and-disputes): the balance is
   * negative by this much and spending that currency is paused. Present only while above zero.
   */
  digitalCreditOwed: Type.Optional(CreditAmountSchema),
  physicalCreditOwed: Type.Optional(CreditAmountSchema),
})
export type User = Static<typeof UserSchema>

export const NewNotificationFlagSchema = Type.Boolean()

export const AvatarListSchema = Type.Array(IntegerSchema())

export const UpdateProfileBodySchema = Type.Object({
  newUsername: TextSchema({ minLength: 1, maxLength: USERNAME_MAX_LENGTH }),
  newAvatarId: IntegerSchema({ minimum: 1 }),
})
export type UpdateProfileBody = Static<typeof UpdateProfileBodySchema>
export const UpdateProfileResultSchema = Type.Object({ username: Type.String(), avatarId: IntegerSchema() })
export type UpdateProfileResult = Static<typeof UpdateProfileResultSchema>

export const FriendCodeSchema = TextSchema({ minLength: FRIEND_CODE_LENGTH, maxLength: FRIEND_CODE_LENGTH })

/** How long a password reset link works (docs/security.md#password-reset). */
export const PASSWORD_RESET_TTL_MINUTES = 60

/** NIST SP 800-63B: a new password is 8 to 128 characters (counted as Unicode code points), and not a common one. */
export const NEW_PASSWORD_MIN_LENGTH = 8
export const NEW_PASSWORD_MAX_LENGTH = 128

export const RequestPasswordResetBodySchema = Type.Object({
  email: TextSchema({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }),
})
export type RequestPasswordResetBody = Static<typeof RequestPasswordResetBodySchema>

/** The token from the e-mailed link (43 base64url characters) and the new password. */
export const ResetPasswordBodySchema = Type.Object({
  token: TextSchema({ minLength: 1, maxLength: 200 }),
  newPassword: PasswordSchema,
})
export type ResetPasswordBody = Static<typeof ResetPasswordBodySchema>

/** A reset logs the traveller in, as a login does. */
export const ResetPasswordResultSchema = LoginResultSchema
export type ResetPasswordResult = LoginResult

/** The texts of the forgotten-password flow, shared by the server's answers, the screens and their tests. */
export const PASSWORD_RESET_TEXTS = {
  requested: (email: string) =>
    `If an account uses ${email}, we have sent it a link to set a new password. The link works for ` +
    `${PASSWORD_RESET_TTL_MINUTES} minutes. Check your spam folder if it does not arrive within a few minutes.`,
  mailOff:
    'This site does not send e-mail, so a forgotten password cannot be reset here. Please contact the people who run it.',
  tooShort: `Your new password needs at least ${NEW_PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Your new password can have at most ${NEW_PASSWORD_MAX_LENGTH} characters.`,
  tooCommon: 'This password is one of the most common ones and easy to guess. Please choose another.',
  linkInvalid: 'This password reset link is not valid. Please ask for a new one.',
  linkUsed: 'This password reset link was already used. Please ask for a new one if you still need it.',
  linkExpired: `This password reset link has expired: links work for ${PASSWORD_RESET_TTL_MINUTES} minutes. Please ask for a new one.`,
  linkOfAnotherAccount:
    'This password reset link is for another account than the one logged in here. Log out, then open the link again.',
  linkMissing: 'This page needs the link from the password reset e-mail. Please open that link, or ask for a new one.',
  done: 'Your password was changed and you are logged in. Every other session of your account was logged out.',
} as const

/** The password rules' refusals at sign-up, where the password is not a "new" one (docs/product.md#password-rules). */
export const REGISTRATION_PASSWORD_TEXTS = {
  tooShort: `Your password needs at least ${NEW_PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Your password can have at most ${NEW_PASSWORD_MAX_LENGTH} characters.`,
  tooCommon: PASSWORD_RESET_TEXTS.tooCommon,
} as const

/** The token from the welcome e-mail's link (43 base64url characters). */
export const VerifyEmailBodySchema = Type.Object({
  token: TextSchema({ minLength: 1, maxLength: 200 }),
})
export type VerifyEmailBody = Static<typeof VerifyEmailBodySchema>

/** The address that was verified. */
export const VerifyEmailResultSchema = Type.Object({ email: Type.String() })
export type VerifyEmailResult = Static<typeof VerifyEmailResultSchema>

/** Where the new link went. */
export const ResendVerificationEmailResultSchema = Type.Object({ email: Type.String() })
export type ResendVerificationEmailResult = Static<typeof ResendVerificationEmailResultSchema>
