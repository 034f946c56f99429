import type { Kysely } from 'kysely'

import {
  creditToMoney,
  moneyReference,
  MY_DRAWS_PAGE_SIZE,
  type DrawHistoryEntry,
  type DrawKind,
  type MoneyReference,
  type MyDraws,
  type MyDrawsQuery,
} from '@shared/acquire'

import type { Database } from '../../db/schema'
import { decodeCursor, encodeCursor } from '../../lib/keysetCursor'
import { listGiftsForHistory } from '../collection/gifts'
import { getCreditProducts } from '../wallet/service'

import * as historyQueries from './drawHistory.queries'

/** The draw history (getMyDraws): a traveller's picks, paid draws, claimed free draws and gifts, with monthly totals. */

/** A drawn card as draw results and the draw history show it. */
export function drawnCard(card: {
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
export function drawnCertificate(certificate: {
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

/**
 * A month's money: the sum of its draws' amounts as each is shown, rounded to the cent one by one, so the total is
 * the sum of the lines (converting the month's credit at once could differ from it by a cent or more).
 */
function moneyOfDraws(prices: historyQueries.PriceCount[], reference: MoneyReference | null): number | null {
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
    historyQueries.listMyDrawTransactions(db, userId, cursor, limit + 1),
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
    drawIds.length > 0 ? historyQueries.listCardsOfDraws(db, drawIds) : [],
    drawIds.length > 0 ? historyQueries.listCertificatesOfDraws(db, userId, drawIds) : [],
    historyQueries.sumDrawsByMonth(db, userId, last.created_at.slice(0, 7), nextMonth(newest.created_at.slice(0, 7))),
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
