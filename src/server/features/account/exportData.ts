import type { Kysely } from 'kysely'

import { EXPORT_FORMAT_VERSION, type ExportData } from '@shared/account'
import {
  levelForExperience,
  PHYSICAL_CREDIT_PRODUCT_TYPE,
  PRODUCT_NAME,
  rarityName,
  VISIBILITY,
} from '@shared/constants'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { listTripStandings } from '../trips/reading'

import * as queries from './queries'

/** Where a file sits inside the archive (docs/export-format.md#files). */
export const ARCHIVE_PATHS = {
  picture: (fileName: string) => `pictures/${fileName}`,
  card: (cardId: string) => `cards/${cardId}.webp`,
  data: 'data.json',
  book: 'index.html',
  readme: 'README.txt',
} as const

const VISIBILITY_NAMES: Record<number, ExportData['memories'][number]['visibility']> = {
  [VISIBILITY.Public]: 'Public',
  [VISIBILITY.Friends]: 'Friends',
  [VISIBILITY.Private]: 'Private',
}

function creditCurrencyOf(productType: number): 'digital' | 'physical' {
  return productType === PHYSICAL_CREDIT_PRODUCT_TYPE ? 'physical' : 'digital'
}

/**
 * Everything the traveller owns or wrote, as data.json holds it (docs/export-format.md), with every picture's and
 * card's file already named as the archive will hold it. Each part of the file is one entry below: a new kind of data
 * is one more entry (and a line in features/account/accountData.ts and the format's documentation).
 */
export async function collectExportData(db: Kysely<Database>, userId: string): Promise<ExportData> {
  const account = await queries.findAccount(db, userId)
  if (!account) throw new AppError('Unauthorized', 'Your account was not found. Please log in again.')
  const [
    copies,
    beenThere,
    memories,
    pictures,
    tags,
    comments,
    likes,
    taggedIn,
    friends,
    draws,
    drawItems,
    ledger,
    payments,
    certificates,
    referrals,
    notifications,
    contentRequests,
    spendingLimit,
    gifts,
    verifiedVisits,
    wantToGo,
    trips,
    tripMemories,
  ] = await Promise.all([
    queries.listCopies(db, userId),
    queries.listBeenThere(db, userId),
    queries.listOwnMemories(db, userId),
    queries.listPictures(db, userId),
    queries.listTagsOnOwnMemories(db, userId),
    queries.listCommentsWritten(db, userId),
    queries.listLikesGiven(db, userId),
    queries.listTaggedIn(db, userId),
    queries.listFriends(db, userId),
    queries.listDraws(db, userId),
    queries.listDrawItems(db, userId),
    queries.listLedger(db, userId),
    queries.listPayments(db, userId),
    queries.listCertificates(db, userId),
    queries.listReferrals(db, userId),
    queries.listNotifications(db, userId),
    queries.listContentRequests(db, userId),
    queries.findSpendingLimit(db, userId),
    queries.listGifts(db, userId),
    queries.listVerifiedVisits(db, userId),
    queries.listWantToGo(db, userId),
    listTripStandings(db, userId),
    queries.listOwnTripMemories(db, userId),
  ])

  const exportedPicture = (picture: (typeof pictures)[number]) => ({
    fileName: picture.fileName,
    file: ARCHIVE_PATHS.picture(picture.fileName),
    width: picture.width,
    height: picture.height,
    byteSize: picture.byteSize,
    uploadedAt: picture.uploadedAt,
  })

  return {
    formatVersion: EXPORT_FORMAT_VERSION,
    product: PRODUCT_NAME,
    exportedAt: nowIso(),
    account: {
      userId: account.id,
      username: account.username,
      email: account.email,
      avatarId: account.avatar_id,
      friendCode: account.friend_code,
      experience: account.experience,
      level: levelForExperience(account.experience).userLevel,
      digitalCredit: account.digital_credit,
      physicalCredit: account.physical_credit,
      referralSource: account.referral_source,
      createdAt: account.created_at,
    },
    copies: copies.map((copy) => ({ ...copy, rarityName: rarityName(copy.rarity) })),
    beenThere,
    memories: memories.map((memory) => ({
      memoryId: memory.memoryId,
      userCardId: memory.userCardId,
      cardId: memory.cardId,
      cardName: memory.cardName,
      rarity: memory.rarity,
      rarityName: rarityName(memory.rarity),
      collectionName: memory.collectionName,
      cardImage: ARCHIVE_PATHS.card(memory.cardId),
      startDate: memory.startDate,
      endDate: memory.endDate,
      content: memory.content,
      visibility: VISIBILITY_NAMES[memory.visibility] ?? 'Private',
      createdAt: memory.createdAt,
      updatedAt: memory.updatedAt,
      likeCount: memory.likeCount ?? 0,
      commentCount: memory.commentCount ?? 0,
      taggedFriends: tags
        .filter((tag) => tag.memoryId === memory.memoryId)
        .map((tag) => ({ userId: tag.userId, username: tag.username })),
      pictures: pictures.filter((picture) => picture.memoryId === memory.memoryId).map(exportedPicture),
    })),
    unattachedPictures: pictures.filter((picture) => picture.memoryId === null).map(exportedPicture),
    commentsWritten: comments.map(({ memoryAuthorId, ...comment }) => ({
      ...comment,
      onOwnMemory: memoryAuthorId === userId,
    })),
    likesGiven: likes.map((like) => ({
      memoryId: like.memoryId,
      onOwnMemory: like.memoryAuthorId === userId,
      createdAt: like.created_at,
    })),
    taggedIn,
    friends,
    draws: draws.map((draw) => {
      const items = drawItems.filter((item) => item.transactionId === draw.id)
      return {
        transactionId: draw.id,
        kind: draw.kind,
        price: draw.price,
        createdAt: draw.created_at,
        cards: items.flatMap((item) =>
          item.cardId !== null && item.rarity !== null && item.cardName !== null
            ? [
                {
                  cardId: item.cardId,
                  cardName: item.cardName,
                  rarity: item.rarity,
                  userCardId: item.userCardId,
                  isNew: item.isNew === 1,
                },
              ]
            : [],
        ),
        certificateDrawn: items.some((item) => item.cardId === null),
      }
    }),
    ledger: ledger.map((entry) => ({
      entryId: entry.id,
      currency: entry.currency,
      amount: entry.amount,
      reason: entry.reason,
      reference: entry.reference,
      createdAt: entry.created_at,
    })),
    payments: payments.map((payment) => ({
      paymentId: payment.id,
      creditProductId: payment.credit_product_id,
      amountCents: payment.amount_cents,
      currency: payment.currency,
      creditValue: payment.credit_value,
      creditCurrency: creditCurrencyOf(payment.product_type),
      createdAt: payment.created_at,
      fulfilledAt: payment.fulfilled_at,
      refusedAt: payment.refused_at,
      refundedAt: payment.refunded_at,
    })),
    spendingLimit: spendingLimit
      ? {
          monthlyLimitCents: spendingLimit.monthly_limit_cents,
          pendingLimitCents: spendingLimit.pending_limit_cents,
          pendingAppliesAt: spendingLimit.pending_applies_at,
        }
      : null,
    verifiedVisits,
    wantToGo,
    trips: trips.map((trip) => ({
      tripId: trip.id,
      title: trip.title,
      role:
        trip.ownerId === userId
          ? ('owner' as const)
          : trip.memberStatus === 'accepted'
            ? ('accepted' as const)
            : ('invited' as const),
      visibility: VISIBILITY_NAMES[trip.visibility] ?? 'Private',
      createdAt: trip.createdAt,
      memoryIds: tripMemories.filter((row) => row.tripId === trip.id).map((row) => row.memoryId),
    })),
    gifts: gifts.map((gift) => {
      const given = gift.giver_id === userId
      return {
        giftId: gift.id,
        direction: given ? ('given' as const) : ('received' as const),
        friendUsername: (given ? gift.receiver_username : gift.giver_username) ?? null,
        cardId: gift.card_id,
        cardName: gift.card_name,
        rarity: gift.rarity,
        createdAt: gift.created_at,
      }
    }),
    certificates: certificates.map((certificate) => ({
      certificateId: certificate.id,
      currency: certificate.currency,
      creditValue: certificate.credit_value,
      redeemCode: certificate.redeem_code,
      source: certificate.source,
      createdAt: certificate.created_at,
      redeemedAt: certificate.redeemed_at,
    })),
    referrals: referrals.map((referral) => ({
      username: referral.username,
      joinedAt: referral.created_at,
      status: referral.status,
      settledAt: referral.settled_at,
    })),
    notifications: notifications.map((notification) => ({
      notificationId: notification.id,
      title: notification.title,
      content: notification.content,
      link: notification.link,
      createdAt: notification.created_at,
      readAt: notification.read_at,
    })),
    contentRequests: contentRequests.map((request) => ({
      requestId: request.id,
      requestType: request.request_type,
      requestContent: request.request_content,
      createdAt: request.created_at,
    })),
  }
}
