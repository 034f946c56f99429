import { Type, type Static } from 'typebox'

import { CreditAmountSchema, IdSchema, IsoDateTimeSchema } from './common'
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  FRIEND_CODE_LENGTH,
  PASSWORD_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from './constants'

export const EmailSchema = Type.String({ pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX_LENGTH })
export const PasswordSchema = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH })

export const RegisterBodySchema = Type.Object({
  email: EmailSchema,
  /** The part of the e-mail before the @; the server makes it unique and at most 20 characters. */
  name: Type.Optional(Type.String({ maxLength: EMAIL_MAX_LENGTH })),
  password: PasswordSchema,
  /** A friend's code (query `r`): both become friends and the invitation rewards apply. */
  friendCode: Type.Optional(Type.String({ maxLength: 32 })),
  /** Where the user came from (query `ref`); a friend code here counts as an invitation. */
  ref: Type.Optional(Type.String({ maxLength: 100 })),
  /** The visitor's free draw, claimed into the new collection. */
  freeDrawTransactionId: Type.Optional(Type.String({ maxLength: 100 })),
})
export type RegisterBody = Static<typeof RegisterBodySchema>

export const RegisterResultSchema = Type.Object({
  username: Type.String(),
  authKey: Type.String(),
  email: Type.String(),
  digitalCredit: CreditAmountSchema,
  physicalCredit: CreditAmountSchema,
  avatarId: Type.Integer(),
  invitationReward: Type.Boolean(),
  friendCode: Type.String(),
})
export type RegisterResult = Static<typeof RegisterResultSchema>

export const LoginBodySchema = Type.Object({
  email: Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }),
  password: PasswordSchema,
})
export type LoginBody = Static<typeof LoginBodySchema>

export const LoginResultSchema = Type.Object({
  authKey: Type.String(),
  username: Type.String(),
  email: Type.String(),
  avatarId: Type.Integer(),
  digitalCredit: CreditAmountSchema,
  physicalCredit: CreditAmountSchema,
  friendCode: Type.String(),
})
export type LoginResult = Static<typeof LoginResultSchema>

/** Collection counts: rarityStats holds five counts, for rarities 1 to 5. */
export const UserCardStatsSchema = Type.Object({
  collectionCount: Type.Integer(),
  cardCount: Type.Integer(),
  rarityStats: Type.Array(Type.Integer(), { minItems: 5, maxItems: 5 }),
})
export type UserCardStats = Static<typeof UserCardStatsSchema>

export const ExperienceFieldsSchema = Type.Object({
  userLevel: Type.Integer(),
  userExp: Type.Integer(),
  expToLevelUp: Type.Integer(),
  expForCurrentLevel: Type.Integer(),
})

export const UserSchema = Type.Object({
  userId: IdSchema,
  avatarId: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  digitalCredit: CreditAmountSchema,
  physicalCredit: CreditAmountSchema,
  userLevel: Type.Integer(),
  userExp: Type.Integer(),
  expToLevelUp: Type.Integer(),
  expForCurrentLevel: Type.Integer(),
  friendCode: Type.String(),
  createdAt: IsoDateTimeSchema,
  userCardStats: UserCardStatsSchema,
  memoryCount: Type.Integer(),
  friendCount: Type.Integer(),
})
export type User = Static<typeof UserSchema>

export const NewNotificationFlagSchema = Type.Boolean()

export const AvatarListSchema = Type.Array(Type.Integer())

export const UpdateProfileBodySchema = Type.Object({
  newUsername: Type.String({ minLength: 1, maxLength: USERNAME_MAX_LENGTH }),
  newAvatarId: Type.Integer({ minimum: 1 }),
})
export type UpdateProfileBody = Static<typeof UpdateProfileBodySchema>
export const UpdateProfileResultSchema = Type.Object({ username: Type.String(), avatarId: Type.Integer() })
export type UpdateProfileResult = Static<typeof UpdateProfileResultSchema>

export const FriendCodeSchema = Type.String({ minLength: FRIEND_CODE_LENGTH, maxLength: FRIEND_CODE_LENGTH })
