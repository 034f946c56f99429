import type { Kysely, Transaction } from 'kysely'

import {
  type AgeConfirmation,
  drawPrice,
  drawsToGuarantee,
  pickPrice,
  TEN_DRAW_SIZE,
  type CardDrawResult,
  type DrawCardResult,
  type DrawPity,
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
import type { Catalogue, CatalogueCard } from '../catalogue/catalogueCache'
import { copiesInsert } from '../copies/service'
import { issueCertificate } from '../wallet/certificates'
import { debitPurchase } from '../wallet/ledger'
import { releaseReferralRewardOnFirstCard } from '../wallet/referrals'

import { drawnCard, drawnCertificate } from './drawHistory'
import { experienceFor, experienceGained } from './experience'
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
  const gained = experienceFor([card.rarity as Rarity])
  // The debit comes first: its conditional update locks the user's row, so "already owned" is decided after any
  // concurrent purchase. The same update adds the experience the card brings.
  const debited = await debitPurchase(trx, { userId, amount: price, reason: 'pick', reference: transactionId }, gained)
  const { digitalCredit, experience } = debited
  await releaseReferralRewardOnFirstCard(trx, userId, debited)
  const expGainResult = experienceGained(gained, experience)
  const userCardId = newId()
  const isNew = await queries.recordPurchase(trx, {
    transaction: { id: transactionId, userId, kind: 'pick', price, createdAt, expGainResult },
    copies: copiesInsert([
      { id: userCardId, userId, cardId: card.cardId, acquisition: 'pick', transactionId, createdAt },
    ]),
    items: [{ position: 0, cardId: card.cardId, userCardId }],
  })
  const alreadyOwned = isNew.get(0) === false
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
  // The guarantee counter is read by the debit's update, which holds the user's row until commit: a concurrent draw
  // waits for this one's counter instead of rolling from the same count. The experience depends on the roll.
  const debited = await debitPurchase(trx, { userId, amount: price, reason: 'draw', reference: transactionId }, 0)
  const { digitalCredit } = debited
  await releaseReferralRewardOnFirstCard(trx, userId, debited)

  const rolled = rollDraw(tenDraws ? TEN_DRAW_SIZE : 1, random, debited.drawsSinceEpic)
  const { slots } = rolled
  const cardSlots = slots.flatMap((slot, position) => (slot.kind === 'card' ? [{ position, rarity: slot.rarity }] : []))
  const drawn = chooseCards(catalogue, cardSlots, random)
  // The debit's update holds the traveller's row until commit, so the experience it read is the one this gain adds to.
  const gainedByDraw = experienceFor(drawn.map(({ card }) => card.rarity as Rarity))
  const expGainResult = experienceGained(gainedByDraw, debited.experience + gainedByDraw)
  const copies = drawn.map(({ position, card }) => ({
    position,
    id: newId(),
    userId,
    cardId: card.cardId,
    acquisition: 'draw' as const,
    transactionId,
    createdAt,
  }))
  const items: queries.PurchaseRecord['items'] = copies.map((copy) => ({
    position: copy.position,
    cardId: copy.cardId,
    userCardId: copy.id,
  }))
  const certificates = slots.flatMap((slot, position) => (slot.kind === 'certificate' ? [{ position, slot }] : []))
  for (const { position } of certificates) items.push({ position, cardId: null, userCardId: null })
  await queries.recordPurchase(trx, {
    transaction: { id: transactionId, userId, kind: tenDraws ? 'draw10' : 'draw', price, createdAt, expGainResult },
    copies: copiesInsert(copies),
    experience: { gained: gainedByDraw, drawsSinceEpic: rolled.drawsSinceEpic },
    items,
  })
  for (const { slot } of certificates) {
    await issueCertificate(trx, { userId, creditValue: slot.creditValue, source: 'draw', sourceRef: transactionId })
  }
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
