import { cardPicturePath } from '@shared/artVersion'
import { PRODUCT_NAME, rarityName } from '@shared/constants'

import { cardLinkPreview, type SharePageContent, type SharePageContext } from '../../lib/sharePages'

import { findPublicMemoryOfCopy, findSharedCopy } from './queries'

const DESCRIPTION_MAX = 200

function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`
}

/**
 * One owned copy, by user card id: the card, its owner and when it was collected.
 * Its memory appears only when the owner made it Public; Private and Friends memories stay off this page.
 */
export async function loadCardSharePage({ db }: SharePageContext, shareId: string): Promise<SharePageContent | null> {
  const copy = await findSharedCopy(db, shareId)
  if (!copy) return null
  const memory = await findPublicMemoryOfCopy(db, copy.userCardId)
  const rarity = rarityName(copy.rarity)
  const collected = copy.createdAt.slice(0, 10)
  const dates = memory ? [memory.start_date, memory.end_date].filter((date): date is string => Boolean(date)) : []

  return {
    title: `${copy.cardName}: a ${rarity} travel card on ${PRODUCT_NAME}`,
    description: memory?.content
      ? `${copy.ownerUsername} remembers ${copy.cardName}: “${excerpt(memory.content, DESCRIPTION_MAX)}”`
      : `${copy.ownerUsername} collected the ${rarity} card of ${copy.cardName} from the ${copy.collectionName} collection.`,
    image: {
      path: `/api${cardPicturePath(copy.cardId)}`,
      alt: `${copy.cardName}, ${rarity} card`,
      width: 250,
      height: 350,
      shape: 'card',
    },
    linkPreview: cardLinkPreview(copy.cardId, `${copy.cardName}, ${rarity} card`),
    ogType: 'website',
    heading: copy.cardName,
    subheading: `${rarity} card · ${copy.collectionName}`,
    facts: [
      { label: 'Rarity', value: rarity },
      { label: 'Collection', value: copy.collectionName },
      { label: 'Collected by', value: copy.ownerUsername },
      { label: 'Collected on', value: collected },
      ...(dates.length > 0 ? [{ label: 'Travelled', value: [...new Set(dates)].join(' – ') }] : []),
    ],
    ...(memory ? { story: { title: `${copy.ownerUsername}'s memory`, text: memory.content } } : {}),
    gallery: [],
    invite: { friendCode: copy.ownerFriendCode, username: copy.ownerUsername },
  }
}
