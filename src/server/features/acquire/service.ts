import type { Kysely, Transaction } from 'kysely'

import {
  drawPrice,
  pickPrice,
  TEN_DRAW_SIZE,
  type CardDrawResult,
  type DrawCardResult,
  type ExpGainResult,
  type FreeCardDrawResult,
  type FreeDrawnCard,
  type PickCardResult,
  type PricesResult,
} from '@shared/acquire'
import { ECONOMY, type Rarity } from '@shared/constants'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { newId, type RandomInt } from '../../lib/random'
import { issueCertificate } from '../wallet/certificates'
import { balances, debit } from '../wallet/ledger'

import { experienceFor, gainExperience } from './experience'
import { rollDraw, rollRarity } from './odds'
import * as queries from './queries'

const DRAW_RESULT_NOT_FOUND = 'This draw result was not found.'

export function getPrices(): PricesResult {
  return { ...ECONOMY.prices }
}

/**
 * Buys one chosen card of a pickable rarity: the debit, the copy, the transaction and the experience
 * are written in the caller's transaction, so they happen together or not at all.
 */
export async function pickCard(
  trx: Transaction<Database>,
  userId: string,
  selectedCardId: string,
): Promise<PickCardResult> {
  const card = await queries.findCard(trx, selectedCardId)
  if (!card) throw new AppError('NotFound', 'This card was not found.')
  const price = pickPrice(card.cardRarity)
  if (price === null) throw new AppError('RuleViolation', 'Only Common and Special cards can be picked.')

  const transactionId = newId()
  const createdAt = nowIso()
  // The debit comes first: its conditional update locks the user's row, so "already owned" is read after any concurrent purchase.
  await debit(trx, { userId, currency: 'digital', amount: price, reason: 'pick', reference: transactionId })
  const alreadyOwned = (await queries.listOwnedCardIds(trx, userId, [card.cardId])).size > 0
  await queries.insertDrawTransaction(trx, { id: transactionId, userId, kind: 'pick', price, createdAt })
  const userCardId = newId()
  await queries.insertUserCard(trx, {
    id: userCardId,
    userId,
    cardId: card.cardId,
    acquisition: 'pick',
    transactionId,
    createdAt,
  })
  await queries.insertDrawItems(trx, [
    { transactionId, position: 0, cardId: card.cardId, userCardId, isNew: !alreadyOwned },
  ])
  const expGainResult = await gainExperience(trx, userId, experienceFor([card.cardRarity as Rarity]))
  await queries.updateDrawExperience(trx, transactionId, expGainResult)
  const { digitalCredit } = await balances(trx, userId)
  return {
    result: true,
    cardResult: {
      cardId: card.cardId,
      cardName: card.cardName,
      cardRarity: card.cardRarity,
      image: card.cardId,
      userCardId,
      alreadyOwned,
    },
    expGainResult,
    userData: { digitalCredit },
  }
}

/** Chooses a card of each rolled rarity uniformly among the catalogue's cards of that rarity. */
async function chooseCards<Slot extends { rarity: Rarity }>(
  trx: Transaction<Database>,
  slots: readonly Slot[],
  random: RandomInt,
): Promise<(Slot & { card: queries.CardRow })[]> {
  const counts = await queries.countCardsOfRarity(trx)
  const drawn: (Slot & { card: queries.CardRow })[] = []
  for (const slot of slots) {
    const count = counts.get(slot.rarity) ?? 0
    if (count === 0) throw new AppError('Unavailable', 'No cards can be drawn right now. Please try again later.')
    const card = await queries.findCardOfRarityAt(trx, slot.rarity, random(count))
    if (!card) throw new AppError('Unavailable', 'No cards can be drawn right now. Please try again later.')
    drawn.push({ ...slot, card })
  }
  return drawn
}

/**
 * A paid draw of 1 or 10: the debit, the copies, a possible certificate (at most one, in place of a card)
 * and the experience, all in the caller's transaction. The transaction id is the result's shareId.
 */
export async function drawCard(
  trx: Transaction<Database>,
  userId: string,
  tenDraws: boolean,
  random: RandomInt,
): Promise<DrawCardResult> {
  const price = drawPrice(tenDraws)
  const transactionId = newId()
  const createdAt = nowIso()
  await debit(trx, { userId, currency: 'digital', amount: price, reason: 'draw', reference: transactionId })

  const slots = rollDraw(tenDraws ? TEN_DRAW_SIZE : 1, random)
  const cardSlots = slots.flatMap((slot, position) => (slot.kind === 'card' ? [{ position, rarity: slot.rarity }] : []))
  const drawn = await chooseCards(trx, cardSlots, random)
  const ownedBefore = await queries.listOwnedCardIds(
    trx,
    userId,
    drawn.map(({ card }) => card.cardId),
  )

  await queries.insertDrawTransaction(trx, {
    id: transactionId,
    userId,
    kind: tenDraws ? 'draw10' : 'draw',
    price,
    createdAt,
  })
  const items = []
  for (const { position, card } of drawn) {
    const userCardId = newId()
    await queries.insertUserCard(trx, {
      id: userCardId,
      userId,
      cardId: card.cardId,
      acquisition: 'draw',
      transactionId,
      createdAt,
    })
    items.push({
      transactionId,
      position,
      cardId: card.cardId,
      userCardId,
      isNew: !ownedBefore.has(card.cardId),
    })
  }
  for (const [position, slot] of slots.entries()) {
    if (slot.kind !== 'certificate') continue
    items.push({ transactionId, position, cardId: null, userCardId: null, isNew: false })
    await issueCertificate(trx, { userId, creditValue: slot.creditValue, source: 'draw', sourceRef: transactionId })
  }
  await queries.insertDrawItems(trx, items)

  const expGainResult = await gainExperience(
    trx,
    userId,
    experienceFor(drawn.map(({ card }) => card.cardRarity as Rarity)),
  )
  await queries.updateDrawExperience(trx, transactionId, expGainResult)
  const { digitalCredit } = await balances(trx, userId)
  return { shareId: transactionId, userData: { digitalCredit }, expGainResult }
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
  const cardList = cards.map((card) => ({
    cardId: card.cardId,
    cardName: card.cardName,
    cardRarity: card.cardRarity,
    image: card.cardId,
    userCardId: card.userCardId,
    isNew: card.isNew === 1,
  }))
  return {
    shareId: transaction.id,
    cardList,
    certificate: certificate
      ? {
          creditCertificateId: certificate.id,
          creditValue: certificate.credit_value,
          redeemCode: certificate.redeem_code,
          redeemed: certificate.redeemed_at !== null,
        }
      : null,
    highestRarity: cardList.reduce((highest, card) => Math.max(highest, card.cardRarity), 0),
    tenDraws: transaction.kind === 'draw10',
    expGainResult: JSON.parse(transaction.exp_gain_result ?? 'null') as ExpGainResult,
  }
}

/** A visitor's free card: recorded without an owner until an account registers with its transaction id. */
export async function freeDrawCard(trx: Transaction<Database>, random: RandomInt): Promise<FreeDrawnCard> {
  const [drawn] = await chooseCards(trx, [{ rarity: rollRarity(random) }], random)
  if (!drawn) throw new AppError('Unavailable', 'No cards can be drawn right now. Please try again later.')
  const { card } = drawn
  const transactionId = newId()
  await queries.insertDrawTransaction(trx, {
    id: transactionId,
    userId: null,
    kind: 'free',
    price: 0,
    createdAt: nowIso(),
  })
  await queries.insertDrawItems(trx, [
    { transactionId, position: 0, cardId: card.cardId, userCardId: null, isNew: true },
  ])
  return { transactionId, image: card.cardId, cardName: card.cardName, cardRarity: card.cardRarity }
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
