import { cardPicturePath } from '@shared/artVersion'
import { PRODUCT_NAME, rarityName } from '@shared/constants'

import { cardLinkPreview, type SharePageContent, type SharePageContext } from '../../lib/sharePages'

import { findSharedDraw, listDrawnCards } from './queries'

/**
 * A paid draw, by transaction id: who drew and which cards. A certificate drawn with it is only mentioned,
 * never its code, because anyone holding the link sees this page.
 */
export async function loadDrawSharePage({ db }: SharePageContext, shareId: string): Promise<SharePageContent | null> {
  const draw = await findSharedDraw(db, shareId)
  if (!draw) return null
  const cards = await listDrawnCards(db, draw.id)
  const best = cards.reduce<(typeof cards)[number] | null>(
    (top, card) => (top === null || card.cardRarity > top.cardRarity ? card : top),
    null,
  )
  const size = draw.kind === 'draw10' ? 10 : 1
  const certificates = size - cards.length
  const bestText = best ? `, the best a ${rarityName(best.cardRarity)} card of ${best.cardName}` : ''

  return {
    title: best
      ? `${draw.username} drew ${best.cardName} on ${PRODUCT_NAME}`
      : `${draw.username} drew a credit certificate on ${PRODUCT_NAME}`,
    description: `${draw.username} drew ${size === 10 ? '10 travel cards' : 'a travel card'}${bestText}. Draw your own and collect the world.`,
    image: best
      ? {
          path: `/api${cardPicturePath(best.cardId)}`,
          alt: `${best.cardName}, ${rarityName(best.cardRarity)} card`,
          width: 250,
          height: 350,
        }
      : { path: '/api/image/icon.png', alt: `${PRODUCT_NAME} logo` },
    ...(best
      ? { linkPreview: cardLinkPreview(best.cardId, `${best.cardName}, ${rarityName(best.cardRarity)} card`) }
      : {}),
    ogType: 'website',
    heading: size === 10 ? `${draw.username}'s 10-card draw` : `${draw.username}'s card draw`,
    subheading: `Drawn on ${draw.created_at.slice(0, 10)}`,
    facts: [
      { label: 'Cards drawn', value: String(cards.length) },
      ...(best ? [{ label: 'Highest rarity', value: rarityName(best.cardRarity) }] : []),
      ...(certificates > 0 ? [{ label: 'Credit certificate', value: 'Yes' }] : []),
    ],
    galleryTitle: cards.length > 0 ? 'Cards drawn' : undefined,
    gallery: cards.map((card) => ({
      picture: {
        path: `/api${cardPicturePath(card.cardId)}`,
        alt: `${card.cardName}, ${rarityName(card.cardRarity)} card`,
        width: 250,
        height: 350,
      },
      caption: card.cardName,
      detail: rarityName(card.cardRarity),
    })),
    invite: { friendCode: draw.friend_code, username: draw.username },
  }
}
