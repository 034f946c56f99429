import { Type, type Static } from 'typebox'

import { CreditAmountSchema, IdSchema, IntegerSchema, IsoDateTimeSchema, RaritySchema, TextSchema } from './common'
import { DIGITAL_CREDIT_PRODUCT_TYPE, ECONOMY, type Rarity } from './constants'
import type { CreditProduct } from './wallet'

export const PricesSchema = Type.Object({
  priceDigitalCardPickCommon: CreditAmountSchema,
  priceDigitalCardPickSpecial: CreditAmountSchema,
  priceDigitalCardDraw: CreditAmountSchema,
  priceDigitalCardTenDraws: CreditAmountSchema,
  pricePhysicalCardPick: CreditAmountSchema,
  pricePhysicalCardDraw: CreditAmountSchema,
  pricePhysicalCardTenDraws: CreditAmountSchema,
  pricePhysicalCardPacket: CreditAmountSchema,
})
export type PricesResult = Static<typeof PricesSchema>

/** Experience after an acquisition; expForCurrentLevel and expToLevelUp describe the level reached. */
export const ExpGainResultSchema = Type.Object({
  expGained: IntegerSchema(),
  expEnd: IntegerSchema(),
  expForCurrentLevel: IntegerSchema(),
  expToLevelUp: IntegerSchema(),
  userLevel: IntegerSchema({ minimum: 1 }),
  levelUp: Type.Boolean(),
})
export type ExpGainResult = Static<typeof ExpGainResultSchema>

export const DigitalCreditDataSchema = Type.Object({ digitalCredit: CreditAmountSchema })

export const PickCardBodySchema = Type.Object({ selectedCardId: IdSchema })
export type PickCardBody = Static<typeof PickCardBodySchema>

export const PickedCardSchema = Type.Object({
  cardId: IdSchema,
  cardName: Type.String(),
  cardRarity: RaritySchema,
  /** The image id (the card id); the picture is at /api/image/card?imageId={image}. */
  image: Type.String(),
  userCardId: IdSchema,
  /** The user already had a copy of this card before this pick. */
  alreadyOwned: Type.Boolean(),
})
export type PickedCard = Static<typeof PickedCardSchema>

export const PickCardResultSchema = Type.Object({
  result: Type.Boolean(),
  cardResult: PickedCardSchema,
  expGainResult: ExpGainResultSchema,
  userData: DigitalCreditDataSchema,
})
export type PickCardResult = Static<typeof PickCardResultSchema>

export const DrawCardQuerySchema = Type.Object({
  tenDraws: Type.Optional(IntegerSchema({ minimum: 0, maximum: 1, description: '1 draws ten cards' })),
})
export type DrawCardQuery = Static<typeof DrawCardQuerySchema>

export const DrawCardResultSchema = Type.Object({
  /** The draw's transaction id: the result page's id and the share link's shareId. */
  shareId: IdSchema,
  userData: DigitalCreditDataSchema,
  expGainResult: ExpGainResultSchema,
})
export type DrawCardResult = Static<typeof DrawCardResultSchema>

export const TransactionIdQuerySchema = Type.Object({ transactionId: IdSchema })
export type TransactionIdQuery = Static<typeof TransactionIdQuerySchema>

export const DrawnCardSchema = Type.Object({
  cardId: IdSchema,
  cardName: Type.String(),
  cardRarity: RaritySchema,
  image: Type.String(),
  userCardId: Type.Union([IdSchema, Type.Null()]),
  /** The user had no copy of this card before this draw. */
  isNew: Type.Boolean(),
})
export type DrawnCard = Static<typeof DrawnCardSchema>

export const DrawCertificateSchema = Type.Object({
  creditCertificateId: IdSchema,
  creditValue: CreditAmountSchema,
  redeemCode: Type.String(),
  redeemed: Type.Boolean(),
})
export type DrawCertificate = Static<typeof DrawCertificateSchema>

export const CardDrawResultSchema = Type.Object({
  shareId: IdSchema,
  cardList: Type.Array(DrawnCardSchema),
  certificate: Type.Union([DrawCertificateSchema, Type.Null()]),
  /** 0 when a one-card draw gave a certificate instead of a card. */
  highestRarity: IntegerSchema({ minimum: 0, maximum: 5 }),
  /** Ten cards (or nine and a certificate) were drawn. */
  tenDraws: Type.Boolean(),
  expGainResult: ExpGainResultSchema,
})
export type CardDrawResult = Static<typeof CardDrawResultSchema>

export const FreeDrawnCardSchema = Type.Object({
  transactionId: IdSchema,
  image: Type.String(),
  cardName: Type.String(),
  cardRarity: RaritySchema,
})
export type FreeDrawnCard = Static<typeof FreeDrawnCardSchema>

export const FreeCardDrawResultSchema = Type.Object({
  cardRarity: RaritySchema,
  image: Type.String(),
  cardName: Type.String(),
})
export type FreeCardDrawResult = Static<typeof FreeCardDrawResultSchema>

export const TEN_DRAW_SIZE = 10

/** The published chance of each rarity per drawn card, as a percentage, from 5 down to 1. */
export function drawOddsPercent(): { rarity: Rarity; percent: number }[] {
  return ([5, 4, 3, 2, 1] as const).map((rarity) => ({ rarity, percent: ECONOMY.drawOddsBasisPoints[rarity] / 100 }))
}

/** Whole-credit price of a pick of this rarity, or null when the rarity cannot be picked. */
export function pickPrice(rarity: number): number | null {
  if (rarity === 1) return ECONOMY.prices.priceDigitalCardPickCommon
  if (rarity === 2) return ECONOMY.prices.priceDigitalCardPickSpecial
  return null
}

export function drawPrice(tenDraws: boolean): number {
  return tenDraws ? ECONOMY.prices.priceDigitalCardTenDraws : ECONOMY.prices.priceDigitalCardDraw
}

export const MY_DRAWS_PAGE_SIZE = 20
export const MY_DRAWS_PAGE_MAX = 50

/** cursor: the nextCursor of the previous page (opaque); absent for the first page. */
export const MyDrawsQuerySchema = Type.Object({
  cursor: Type.Optional(TextSchema({ maxLength: 200 })),
  limit: Type.Optional(IntegerSchema({ minimum: 1, maximum: MY_DRAWS_PAGE_MAX })),
})
export type MyDrawsQuery = Static<typeof MyDrawsQuerySchema>

export const DrawKindSchema = Type.Union([
  Type.Literal('pick'),
  Type.Literal('draw'),
  Type.Literal('draw10'),
  Type.Literal('free'),
  Type.Literal('gift'),
])
export type DrawKind = Static<typeof DrawKindSchema>

/** The money the credit stands for: US dollars at the reference pack's price per credit, or null without one. */
const MoneySchema = Type.Union([Type.Number(), Type.Null()])

/**
 * A gift in the history: `sent` by this traveller or `received` from a friend. friendUsername is null when the other
 * traveller has left Wandercards.
 */
export const HistoryGiftSchema = Type.Object({
  direction: Type.Union([Type.Literal('sent'), Type.Literal('received')]),
  friendUsername: Type.Union([Type.String(), Type.Null()]),
})
export type HistoryGift = Static<typeof HistoryGiftSchema>

/**
 * One pick, paid draw, claimed free draw or gift, with what it gave. A gift (kind `gift`, transactionId the gift's id)
 * costs nothing, carries the copy that moved in `cards` and says who with in `gift`.
 */
export const DrawHistoryEntrySchema = Type.Object({
  transactionId: IdSchema,
  kind: DrawKindSchema,
  createdAt: IsoDateTimeSchema,
  price: CreditAmountSchema,
  priceMoney: MoneySchema,
  cards: Type.Array(DrawnCardSchema),
  certificate: Type.Union([DrawCertificateSchema, Type.Null()]),
  gift: Type.Optional(HistoryGiftSchema),
})
export type DrawHistoryEntry = Static<typeof DrawHistoryEntrySchema>

/** Totals of a whole calendar month (UTC), however many pages its draws span; gifts are not purchases and not counted. */
export const DrawMonthTotalSchema = Type.Object({
  /** YYYY-MM */
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
  draws: IntegerSchema(),
  cards: IntegerSchema(),
  credit: CreditAmountSchema,
  money: MoneySchema,
})
export type DrawMonthTotal = Static<typeof DrawMonthTotalSchema>

/** The Digital Credits pack whose price per credit turns credit into money. */
export const MoneyReferenceSchema = Type.Object({
  creditProductValue: CreditAmountSchema,
  actualPrice: Type.Number(),
})
export type MoneyReference = Static<typeof MoneyReferenceSchema>

/**
 * Newest first; nextCursor is null on the last page, and draws made while paging never shift later pages. months holds
 * the totals of every month that has a draw on this page.
 */
export const MyDrawsSchema = Type.Object({
  draws: Type.Array(DrawHistoryEntrySchema),
  months: Type.Array(DrawMonthTotalSchema),
  moneyReference: Type.Union([MoneyReferenceSchema, Type.Null()]),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
})
export type MyDraws = Static<typeof MyDrawsSchema>

/** The guarantee's counter: cards of paid draws since the last Epic or better. */
export const DrawPitySchema = Type.Object({
  drawsSinceEpic: IntegerSchema(),
  /** Cards until the guarantee: the card that many draws ahead is Epic or better at the latest (1 = the next one). */
  drawsToGuarantee: IntegerSchema({ minimum: 1 }),
})
export type DrawPity = Static<typeof DrawPitySchema>

export function drawsToGuarantee(drawsSinceEpic: number): number {
  return Math.max(1, ECONOMY.epicGuaranteeDraws - drawsSinceEpic)
}

/** The chance of Epic or better for a card that the guarantee does not decide, as a percentage. */
export function epicOrBetterPercent(): number {
  return (ECONOMY.drawOddsBasisPoints[4] + ECONOMY.drawOddsBasisPoints[5]) / 100
}

/**
 * The pack whose price turns credit into money: the smallest Digital Credits pack, the rate a player topping up a
 * little pays (larger packs cost less per credit). Credit comes from packs of different prices, certificates and
 * rewards, so what a traveller paid per credit is not knowable per draw: today's dearest rate is an honest upper bound,
 * and the page names the pack. Null when no digital pack is on sale.
 */
export function moneyReference(products: readonly CreditProduct[] | undefined): MoneyReference | null {
  const digital = (products ?? []).filter(
    (product) => product.creditProductType === DIGITAL_CREDIT_PRODUCT_TYPE && product.creditProductValue > 0,
  )
  if (digital.length === 0) return null
  const smallest = digital.reduce((least, product) =>
    product.creditProductValue < least.creditProductValue ? product : least,
  )
  return { creditProductValue: smallest.creditProductValue, actualPrice: smallest.actualPrice }
}

/** US dollars, rounded to the cent, that this much credit costs at the reference pack's price. */
export function creditToMoney(credit: number, reference: MoneyReference | null): number | null {
  if (!reference) return null
  return Math.round((credit * reference.actualPrice * 100) / reference.creditProductValue) / 100
}

/** Whether, and when, the traveller confirmed being 18 or older (asked once, before the first paid draw). */
export const AgeConfirmationSchema = Type.Object({ confirmedAt: Type.Union([IsoDateTimeSchema, Type.Null()]) })
export type AgeConfirmation = Static<typeof AgeConfirmationSchema>

/** The age dialog before the first paid draw (docs/product.md#age-confirmation). */
export const AGE_CONFIRMATION_TEXTS = {
  title: 'Are you 18 or older?',
  body:
    'Paid draws give random cards for credit bought with real money, so they are for adults only. ' +
    'Please confirm that you are 18 or older. We ask once and keep the date of your answer.',
  confirm: 'I am 18 or older',
  cancel: 'Not now',
  refused: 'Paid draws are for travellers 18 or older. Picking a card and the free draw stay open to you.',
} as const
