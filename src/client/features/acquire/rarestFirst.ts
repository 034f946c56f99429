/**
 * The order drawn cards are shown in, wherever they are listed (the draw result, My Draws): rarest first, in drawn
 * order within a rarity (the sort is stable).
 */
export function rarestFirst<Card extends { cardRarity: number }>(cards: readonly Card[]): Card[] {
  return [...cards].sort((a, b) => b.cardRarity - a.cardRarity)
}
