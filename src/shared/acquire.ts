import { Type, type Static } from 'typebox'

import { CreditAmountSchema, IdSchema, IntegerSchema, RaritySchema } from './common'
import { ECONOMY, type Rarity } from './constants'

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
