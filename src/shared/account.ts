import { Type, type Static, type TSchema } from 'typebox'

import { CreditAmountSchema, IdSchema, IntegerSchema, IsoDateTimeSchema, RaritySchema, TextSchema } from './common'
import { USERNAME_MAX_LENGTH } from './constants'

/** How long a deletion request waits before the account is deleted; a login before then cancels it. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14

/**
 * The typed confirmation of a deletion request: the traveller's own username, exactly as shown on My Account
 * (docs/product.md#account-deletion).
 */
export const RequestAccountDeletionBodySchema = Type.Object({
  username: TextSchema({ minLength: 1, maxLength: USERNAME_MAX_LENGTH }),
})
export type RequestAccountDeletionBody = Static<typeof RequestAccountDeletionBodySchema>

/** When the account will be deleted, unless its owner logs in before then. */
export const RequestAccountDeletionResultSchema = Type.Object({ deletionDueAt: IsoDateTimeSchema })
export type RequestAccountDeletionResult = Static<typeof RequestAccountDeletionResultSchema>

/** What the notification sent when a login cancels a deletion says (docs/product.md#messages-notifications). */
export const DELETION_CANCELLED_NOTIFICATION = {
  title: 'Account deletion cancelled',
  content: 'You logged in during the 14 days before your account was to be deleted, so it will not be deleted.',
} as const

/**
 * The answer header of `GET /account/exportMyData` that carries the expected size of the archive in bytes, from the
 * stored sizes of the pictures and the data. An estimate: the archive is streamed while it is made, so its exact
 * size is known only at the end.
 */
export const EXPORT_ESTIMATE_HEADER = 'x-export-estimated-bytes'

/** The version of the export's data.json (docs/export-format.md); it changes only when a field changes meaning or goes. */
export const EXPORT_FORMAT_VERSION = 1

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

const ExportedPictureSchema = Type.Object({
  fileName: Type.String(),
  /** The picture's path inside the archive (`pictures/{fileName}`), or null when its file could not be read. */
  file: Nullable(Type.String()),
  width: IntegerSchema(),
  height: IntegerSchema(),
  /** 0 for pictures stored before sizes were kept. */
  byteSize: IntegerSchema(),
  uploadedAt: IsoDateTimeSchema,
})

/** data.json of the export, format version 1 (docs/export-format.md describes each field). */
export const ExportDataSchema = Type.Object({
  formatVersion: Type.Literal(EXPORT_FORMAT_VERSION),
  product: Type.String(),
  exportedAt: IsoDateTimeSchema,
  account: Type.Object({
    userId: IdSchema,
    username: Type.String(),
    email: Type.String(),
    avatarId: IntegerSchema(),
    friendCode: Type.String(),
    experience: IntegerSchema(),
    level: IntegerSchema(),
    digitalCredit: CreditAmountSchema,
    physicalCredit: CreditAmountSchema,
    referralSource: Nullable(Type.String()),
    createdAt: IsoDateTimeSchema,
  }),
  copies: Type.Array(
    Type.Object({
      userCardId: IdSchema,
      cardId: IdSchema,
      cardName: Type.String(),
      rarity: RaritySchema,
      rarityName: Type.String(),
      collectionId: IdSchema,
      collectionName: Type.String(),
      acquisition: Type.String(),
      transactionId: Nullable(Type.String()),
      acquiredAt: IsoDateTimeSchema,
      memoryId: Nullable(IdSchema),
    }),
  ),
  beenThere: Type.Array(Type.Object({ cardSetId: IdSchema, placeName: Type.String(), markedAt: IsoDateTimeSchema })),
  memories: Type.Array(
    Type.Object({
      memoryId: IdSchema,
      userCardId: IdSchema,
      cardId: IdSchema,
      cardName: Type.String(),
      rarity: RaritySchema,
      rarityName: Type.String(),
      collectionName: Type.String(),
      /** The card's art inside the archive (`cards/{cardId}.webp`), or null when it could not be drawn. */
      cardImage: Nullable(Type.String()),
      startDate: Nullable(Type.String()),
      endDate: Nullable(Type.String()),
      content: Type.String(),
      visibility: Type.Union([Type.Literal('Public'), Type.Literal('Friends'), Type.Literal('Private')]),
      createdAt: IsoDateTimeSchema,
      updatedAt: IsoDateTimeSchema,
      likeCount: IntegerSchema(),
      commentCount: IntegerSchema(),
      taggedFriends: Type.Array(Type.Object({ userId: IdSchema, username: Type.String() })),
      pictures: Type.Array(ExportedPictureSchema),
    }),
  ),
  unattachedPictures: Type.Array(ExportedPictureSchema),
  commentsWritten: Type.Array(
    Type.Object({
      commentId: IdSchema,
      memoryId: IdSchema,
      onOwnMemory: Type.Boolean(),
      replyToCommentId: Nullable(IdSchema),
      content: Type.String(),
      createdAt: IsoDateTimeSchema,
    }),
  ),
  likesGiven: Type.Array(
    Type.Object({ memoryId: IdSchema, onOwnMemory: Type.Boolean(), createdAt: IsoDateTimeSchema }),
  ),
  taggedIn: Type.Array(Type.Object({ memoryId: IdSchema, authorUsername: Type.String(), cardName: Type.String() })),
  friends: Type.Array(Type.Object({ userId: IdSchema, username: Type.String(), since: IsoDateTimeSchema })),
  draws: Type.Array(
    Type.Object({
      transactionId: IdSchema,
      kind: Type.String(),
      price: CreditAmountSchema,
      createdAt: IsoDateTimeSchema,
      cards: Type.Array(
        Type.Object({
          cardId: IdSchema,
          cardName: Type.String(),
          rarity: RaritySchema,
          userCardId: Nullable(IdSchema),
          isNew: Type.Boolean(),
        }),
      ),
      certificateDrawn: Type.Boolean(),
    }),
  ),
  ledger: Type.Array(
    Type.Object({
      entryId: IdSchema,
      currency: Type.String(),
      amount: IntegerSchema({ minimum: -2_147_483_648 }),
      reason: Type.String(),
      reference: Type.String(),
      createdAt: IsoDateTimeSchema,
    }),
  ),
  payments: Type.Array(
    Type.Object({
      paymentId: IdSchema,
      creditProductId: IntegerSchema(),
      amountCents: IntegerSchema(),
      currency: Type.String(),
      creditValue: CreditAmountSchema,
      creditCurrency: Type.Union([Type.Literal('digital'), Type.Literal('physical')]),
      createdAt: IsoDateTimeSchema,
      fulfilledAt: Nullable(IsoDateTimeSchema),
      /** Paid but refused by the spending limit in force at payment, and refunded rather than credited. */
      refusedAt: Nullable(IsoDateTimeSchema),
      refundedAt: Nullable(IsoDateTimeSchema),
    }),
  ),
  /** The monthly money limit on credit purchases, or null when none was ever set. */
  spendingLimit: Nullable(
    Type.Object({
      monthlyLimitCents: Nullable(IntegerSchema()),
      pendingLimitCents: Nullable(IntegerSchema()),
      pendingAppliesAt: Nullable(IsoDateTimeSchema),
    }),
  ),
  /** Places a photo proved the traveller visited: the verdict and the day, never where the photo was taken. */
  verifiedVisits: Type.Array(
    Type.Object({
      cardSetId: IdSchema,
      placeName: Type.String(),
      memoryId: Nullable(IdSchema),
      takenOn: Nullable(Type.String()),
      verifiedAt: IsoDateTimeSchema,
    }),
  ),
  wantToGo: Type.Array(Type.Object({ cardSetId: IdSchema, placeName: Type.String(), addedAt: IsoDateTimeSchema })),
  /** Trips the traveller owns or travels in, with the traveller's own memories in each. */
  trips: Type.Array(
    Type.Object({
      tripId: IdSchema,
      title: Type.String(),
      role: Type.Union([Type.Literal('owner'), Type.Literal('accepted'), Type.Literal('invited')]),
      visibility: Type.String(),
      createdAt: IsoDateTimeSchema,
      memoryIds: Type.Array(IdSchema),
    }),
  ),
  gifts: Type.Array(
    Type.Object({
      giftId: IdSchema,
      direction: Type.Union([Type.Literal('given'), Type.Literal('received')]),
      /** The friend on the other side; null once their account is deleted. */
      friendUsername: Nullable(Type.String()),
      cardId: IdSchema,
      cardName: Type.String(),
      rarity: RaritySchema,
      createdAt: IsoDateTimeSchema,
    }),
  ),
  certificates: Type.Array(
    Type.Object({
      certificateId: IdSchema,
      currency: Type.String(),
      creditValue: CreditAmountSchema,
      redeemCode: Type.String(),
      source: Type.String(),
      createdAt: IsoDateTimeSchema,
      redeemedAt: Nullable(IsoDateTimeSchema),
    }),
  ),
  referrals: Type.Array(
    Type.Object({
      username: Type.String(),
      joinedAt: IsoDateTimeSchema,
      status: Type.String(),
      settledAt: Nullable(IsoDateTimeSchema),
    }),
  ),
  notifications: Type.Array(
    Type.Object({
      notificationId: IdSchema,
      title: Type.String(),
      content: Type.String(),
      link: Nullable(Type.String()),
      createdAt: IsoDateTimeSchema,
      readAt: Nullable(IsoDateTimeSchema),
    }),
  ),
  contentRequests: Type.Array(
    Type.Object({
      requestId: IdSchema,
      requestType: Type.String(),
      requestContent: Type.String(),
      createdAt: IsoDateTimeSchema,
    }),
  ),
})
export type ExportData = Static<typeof ExportDataSchema>

/** What My Account and Log In say about the export and the deletion (docs/product.md#account-data), word for word. */
export const ACCOUNT_TEXTS = {
  deletionScheduled: (date: string) =>
    `Your account will be deleted on ${date}. You have been logged out everywhere; log in before then to keep it.`,
  deletionCancelled: 'Welcome back! Logging in cancelled the deletion of your account.',
  exportSaved: (fileName: string) => `Your data was saved as ${fileName}.`,
  exportFailed: 'Your data could not be downloaded. Please try again.',
} as const
