import type { Kysely, Transaction } from 'kysely'

import {
  type AgeConfirmation,
  creditToMoney,
  drawPrice,
  drawsToGuarantee,
  moneyReference,
  MY_DRAWS_PAGE_SIZE,
  pickPrice,
  TEN_DRAW_SIZE,
  type CardDrawResult,
  type DrawCardResult,
  type DrawHistoryEntry,
  type DrawKind,
  type DrawPity,
  type ExpGainResult,
  type FreeCardDrawResult,
  type FreeDrawnCard,
  type MyDraws,
  type MoneyReference,
  type MyDrawsQuery,
  type PickCardResult,
  type PricesResult,
} from '@shared/acquire'
import { ECONOMY, type Rarity } from '@shared/constants'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { decodeCursor, encodeCursor } from '../../lib/keysetCursor'
import { newId, type RandomInt } from '../../lib/random'
import type { Catalogue, CatalogueCard } from '../catalogue/service'
import { listGiftsForHistory } from '../collection/service'
import { createCopies } from '../copies/service'
import { debit, getCreditProducts, issueCertificate, releaseReferralReward } from '../wallet/service'

import { experienceFor, gainExperience } from './experience'
import { rollDraw, rollRarity } from './odds'
import * as queries from './queries'

const DRAW_RESULT_NOT_FOUND = 'This draw result was not found.'

/** Whether the traveller has confirmed being 18 or older (docs/decisions.md: the age gate lives in the app's flow). */
export async function getAgeConfirmation(db: Kysely<Database>, userId: string): Promise<AgeConfirmation> {
  return { confirmedAt: await queries.findAdultConfirmedAt(db, userId) }
}

/** Records the confirmation with its date, once; a repeat answers the first date. */
export async function confirmAge(db: Kysely<Database>, userId: string): Promise<AgeConfirmation> {
  await queries.updateAdultConfirmed(db, userId, nowIso())
  return getAgeConfirmation(db, userId)
}

export function getPrices(): PricesResult {
  return { ...ECONOMY.prices }
}

/**
 * Buys one chosen card of a pickable rarity: the debit, the copy, the transaction and the experience
 * are written in the caller's transaction, so they happen together or not at all.
 */
export async function pickCard(
  trx: Transaction<Database>,
  catalogue: Catalogue,
  userId: string,
  selectedCardId: string,
): Promise<PickCardResult> {
  const card = catalogue.cardsById.get(selectedCardId)
  if (!card) throw new AppError('NotFound', 'This card was not found.')
  const price = pickPrice(card.rarity)
  if (price === null) throw new AppError('RuleViolation', 'Only Common and Special cards can be picked.')

  const transactionId = newId()
  const createdAt = nowIso()
  // The debit comes first: its conditional update locks the user's row, so "already owned" is read after any concurrent purchase.
  const digitalCredit = await debit(trx, {
    userId,
    currency: 'digital',
    amount: price,
    reason: 'pick',
    reference: transactionId,
  })
  await releaseReferralReward(trx, userId, 'firstCard')
  const alreadyOwned = (await queries.listOwnedCardIds(trx, userId, [card.cardId])).size > 0
  const expGainResult = await gainExperience(trx, userId, experienceFor([card.rarity as Rarity]))
  await queries.insertDrawTransaction(trx, { id: transactionId, userId, kind: 'pick', price, createdAt, expGainResult })
  const userCardId = newId()
  await createCopies(trx, [
    { id: userCardId, userId, cardId: card.cardId, acquisition: 'pick', transactionId, createdAt },
  ])
  await queries.insertDrawItems(trx, [
    { transactionId, position: 0, cardId: card.cardId, userCardId, isNew: !alreadyOwned },
  ])
  return {
    result: true,
    cardResult: {
      cardId: card.cardId,
      cardName: card.name,
      cardRarity: card.rarity,
      image: card.cardId,
      userCardId,
      alreadyOwned,
    },
    expGainResult,
    userData: { digitalCredit },
  }
}

/** Chooses a card of each rolled rarity uniformly among the catalogue's cards of that rarity. */
function chooseCards<Slot extends { rarity: Rarity }>(
  catalogue: Catalogue,
  slots: readonly Slot[],
  random: RandomInt,
): (Slot & { card: CatalogueCard })[] {
  return slots.map((slot) => {
    const ofRarity = catalogue.cardsOfRarity.get(slot.rarity) ?? []
    const card = ofRarity.length > 0 ? ofRarity[random(ofRarity.length)] : undefined
    if (!card) throw new AppError('Unavailable', 'No cards can be drawn right now. Please try again later.')
    return { ...slot, card }
  })
}

/**
 * A paid draw of 1 or 10: the debit, the copies, a possible certificate (at most one, in place of a card)
 * and the experience, all in the caller's transaction. The transaction id is the result's shareId.
 */
export async function drawCard(
  trx: Transaction<Database>,
  catalogue: Catalogue,
  userId: string,
  tenDraws: boolean,
  random: RandomInt,
): Promise<DrawCardResult> {
  const price = drawPrice(tenDraws)
  const transactionId = newId()
  const createdAt = nowIso()
  const digitalCredit = await debit(trx, {
    userId,
    currency: 'digital',
    amount: price,
    reason: 'draw',
    reference: transactionId,
  })
  await releaseReferralReward(trx, userId, 'firstCard')

  // Read after the debit, whose update holds the user's row until commit: a concurrent draw waits for this one's
  // counter instead of rolling from the same count.
  const rolled = rollDraw(tenDraws ? TEN_DRAW_SIZE : 1, random, await queries.findDrawsSinceEpic(trx, userId))
  await queries.setDrawsSinceEpic(trx, userId, rolled.drawsSinceEpic)
  const { slots } = rolled
  const cardSlots = slots.flatMap((slot, position) => (slot.kind === 'card' ? [{ position, rarity: slot.rarity }] : []))
  const drawn = chooseCards(catalogue, cardSlots, random)
  const ownedBefore = await queries.listOwnedCardIds(
    trx,
    userId,
    drawn.map(({ card }) => card.cardId),
  )
  const expGainResult = await gainExperience(trx, userId, experienceFor(drawn.map(({ card }) => card.rarity as Rarity)))

  await queries.insertDrawTransaction(trx, {
    id: transactionId,
    userId,
    kind: tenDraws ? 'draw10' : 'draw',
    price,
    createdAt,
    expGainResult,
  })
  const copies = drawn.map(({ position, card }) => ({
    position,
    id: newId(),
    userId,
    cardId: card.cardId,
    acquisition: 'draw' as const,
    transactionId,
    createdAt,
  }))
  await createCopies(trx, copies)
  const items: Parameters<typeof queries.insertDrawItems>[1] = copies.map((copy) => ({
    transactionId,
    position: copy.position,
    cardId: copy.cardId,
    userCardId: copy.id,
    isNew: !ownedBefore.has(copy.cardId),
  }))
  for (const [position, slot] of slots.entries()) {
    if (slot.kind !== 'certificate') continue
    items.push({ transactionId, position, cardId: null, userCardId: null, isNew: false })
    await issueCertificate(trx, { userId, creditValue: slot.creditValue, source: 'draw', sourceRef: transactionId })
  }
  await queries.insertDrawItems(trx, items)
  return { shareId: transactionId, userData: { digitalCredit }, expGainResult }
}

/** A drawn card as draw results and the draw history show it. */
function drawnCard(card: {
  cardId: string
  cardName: string
  cardRarity: number
  userCardId: string | null
  isNew: number
}) {
  return {
    cardId: card.cardId,
    cardName: card.cardName,
    cardRarity: card.cardRarity,
    image: card.cardId,
    userCardId: card.userCardId,
    isNew: card.isNew === 1,
  }
}

/** A certificate a draw gave in place of a card, as draw results and the draw history show it. */
function drawnCertificate(certificate: {
  id: string
  credit_value: number
  redeem_code: string
  redeemed_at: string | null
}) {
  return {
    creditCertificateId: certificate.id,
    creditValue: certificate.credit_value,
    redeemCode: certificate.redeem_code,
    redeemed: certificate.redeemed_at !== null,
  }
}

/** The drawer's own paid draw; anyone else's (or an unknown id) answers as not found. */
export async function getCardDrawResult(
  db: Kysely<Database>,
  userId: string,
  transactionId: string,
): Promise<CardDrawResult> {
  const transaction = await queries.findDrawTransaction(db, transactionId)
  if (transaction?.user_id !== userId || (transaction.kind !== 'draw' && transaction.kind !== 'draw10')) {
    throw new AppError('NotFound', DRAW_RESULT_NOT_FOUND)
  }
  const [cards, certificate] = await Promise.all([
    queries.listDrawnCards(db, transactionId),
    queries.findDrawCertificate(db, userId, transactionId),
  ])
  const cardList = cards.map(drawnCard)
  return {
    shareId: transaction.id,
    cardList,
    certificate: certificate ? drawnCertificate(certificate) : null,
    highestRarity: cardList.reduce((highest, card) => Math.max(highest, card.cardRarity), 0),
    tenDraws: transaction.kind === 'draw10',
    expGainResult: JSON.parse(transaction.exp_gain_result ?? 'null') as ExpGainResult,
  }
}

/** A visitor's free card: recorded without an owner until an account registers with its transaction id. */
export async function freeDrawCard(
  trx: Transaction<Database>,
  catalogue: Catalogue,
  random: RandomInt,
): Promise<FreeDrawnCard> {
  const [drawn] = chooseCards(catalogue, [{ rarity: rollRarity(random) }], random)
  if (!drawn) throw new AppError('Unavailable', 'No cards can be drawn right now. Please try again later.')
  const { card } = drawn
  const transactionId = newId()
  await queries.insertDrawTransaction(trx, {
    id: transactionId,
    userId: null,
    kind: 'free',
    price: 0,
    createdAt: nowIso(),
    expGainResult: null,
  })
  await queries.insertDrawItems(trx, [
    { transactionId, position: 0, cardId: card.cardId, userCardId: null, isNew: true },
  ])
  return { transactionId, image: card.cardId, cardName: card.name, cardRarity: card.rarity }
}

/** Only a free draw nobody has claimed yet: once it belongs to an account it is part of a private collection. */
export async function getFreeCardDrawResult(db: Kysely<Database>, transactionId: string): Promise<FreeCardDrawResult> {
  const transaction = await queries.findDrawTransaction(db, transactionId)
  if (transaction?.kind !== 'free' || transaction.claimed_by !== null)
    throw new AppError('NotFound', DRAW_RESULT_NOT_FOUND)
  const [card] = await queries.listDrawnCards(db, transactionId)
  if (!card) throw new AppError('NotFound', DRAW_RESULT_NOT_FOUND)
  return { cardRarity: card.cardRarity, image: card.cardId, cardName: card.cardName }
}

/** The draw guarantee's counter as the draw page shows it. */
export async function getDrawPity(db: Kysely<Database>, userId: string): Promise<DrawPity> {
  const drawsSinceEpic = await queries.findDrawsSinceEpic(db, userId)
  return { drawsSinceEpic, drawsToGuarantee: drawsToGuarantee(drawsSinceEpic) }
}

/**
 * A month's money: the sum of its draws' amounts as each is shown, rounded to the cent one by one, so the total is
 * the sum of the lines (converting the month's credit at once could differ from it by a cent or more).
 */
function moneyOfDraws(prices: queries.PriceCount[], reference: MoneyReference | null): number | null {
  if (!reference) return null
  let cents = 0
  for (const { price, draws } of prices) cents += Math.round((creditToMoney(price, reference) ?? 0) * 100) * draws
  return cents / 100
}

/** The first instant of the month after a YYYY-MM month, as the same ISO prefix the timestamps start with. */
function nextMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number]
  return monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`
}

/**
 * The user's picks, paid draws, claimed free draws and gifts (given or received), newest first, paged by the key
 * (created_at, id) of the last one shown, with the totals of each month the page touches. Credit becomes money at the
 * reference pack's price (moneyReference), today's, so a month's money total is what its credit would cost now.
 * Gifts cost nothing and are not purchases: they are listed, not totalled.
 */
export async function getMyDraws(db: Kysely<Database>, userId: string, query: MyDrawsQuery): Promise<MyDraws> {
  const limit = query.limit ?? MY_DRAWS_PAGE_SIZE
  const cursor = query.cursor ? decodeCursor(query.cursor) : null
  const [drawRows, giftRows] = await Promise.all([
    queries.listMyDrawTransactions(db, userId, cursor, limit + 1),
    listGiftsForHistory(db, userId, cursor, limit + 1),
  ])
  // Each source is already the newest limit + 1 after the cursor, so the newest limit + 1 of both are among them.
  const rows = [
    ...drawRows.map((row) => ({ id: row.id, created_at: row.created_at, draw: row, gift: null })),
    ...giftRows.map((row) => ({ id: row.id, created_at: row.created_at, draw: null, gift: row })),
  ]
    .sort((a, b) => (a.created_at === b.created_at ? compareText(b.id, a.id) : compareText(b.created_at, a.created_at)))
    .slice(0, limit + 1)
  const shown = rows.slice(0, limit)
  const last = shown.at(-1)
  const newest = shown[0]
  const nextCursor = rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null
  if (!newest || !last) return { draws: [], months: [], moneyReference: null, nextCursor }

  const drawIds = shown.flatMap((entry) => (entry.draw ? [entry.draw.id] : []))
  const [cards, certificates, monthTotals, products] = await Promise.all([
    drawIds.length > 0 ? queries.listCardsOfDraws(db, drawIds) : [],
    drawIds.length > 0 ? queries.listCertificatesOfDraws(db, userId, drawIds) : [],
    queries.sumDrawsByMonth(db, userId, last.created_at.slice(0, 7), nextMonth(newest.created_at.slice(0, 7))),
    getCreditProducts(db),
  ])
  const reference = moneyReference(products)
  const cardsByDraw = new Map<string, typeof cards>()
  for (const card of cards) cardsByDraw.set(card.transactionId, [...(cardsByDraw.get(card.transactionId) ?? []), card])
  const certificateByDraw = new Map(certificates.map((certificate) => [certificate.source_ref, certificate]))
  return {
    draws: shown.map(({ draw: row, gift }): DrawHistoryEntry => {
      if (!row) return giftEntry(gift)
      const certificate = certificateByDraw.get(row.id)
      return {
        transactionId: row.id,
        kind: row.kind as DrawKind,
        createdAt: row.created_at,
        price: row.price,
        priceMoney: creditToMoney(row.price, reference),
        cards: (cardsByDraw.get(row.id) ?? []).map(drawnCard),
        certificate: certificate ? drawnCertificate(certificate) : null,
      }
    }),
    months: monthTotals
      .sort((a, b) => (a.month < b.month ? 1 : -1))
      .map(({ prices, ...total }) => ({ ...total, money: moneyOfDraws(prices, reference) })),
    moneyReference: reference,
    nextCursor,
  }
}

/** Code-unit order, as the keyset's text comparison orders ISO timestamps and ids. */
function compareText(a: string, b: string): number {
  if (a === b) return 0
  return a < b ? -1 : 1
}

/** A gift as the history shows it: free, the copy that moved, and who with. */
function giftEntry(gift: Awaited<ReturnType<typeof listGiftsForHistory>>[number]): DrawHistoryEntry {
  return {
    transactionId: gift.id,
    kind: 'gift',
    createdAt: gift.created_at,
    price: 0,
    priceMoney: null,
    cards: [
      drawnCard({
        cardId: gift.cardId,
        cardName: gift.cardName,
        cardRarity: gift.cardRarity,
        userCardId: gift.userCardId,
        isNew: gift.direction === 'received' ? gift.isNew : 0,
      }),
    ],
    certificate: null,
    gift: { direction: gift.direction, friendUsername: gift.friendUsername },
  }
}

export { claimFreeDraw } from './freeDrawClaim'
