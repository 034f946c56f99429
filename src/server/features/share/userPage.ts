import { avatarPicturePath, cardPicturePath } from '@shared/artVersion'
import {
  FRIEND_CODE_LENGTH,
  INVITATION_CERTIFICATE_CREDIT,
  levelForExperience,
  PRODUCT_NAME,
  RARITIES,
  rarityName,
} from '@shared/constants'
import { progressSentence } from '@shared/travel'

import type { SharePageContent, SharePageContext } from '../../lib/sharePages'
import type { Catalogue } from '../catalogue/catalogueCache'
import { userCardStats } from '../session/userStats'
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '../travel/mapImage'
import { travelShareFacts } from '../travel/profilePreview'

import { countPublicMemories, findPublicProfile, listShowcaseCards } from './queries'

const SHOWCASE_CARDS = 6

function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`
}

/**
 * A traveller's public profile, by friend code: name, avatar, level, collection figures and rarest cards. Its travel
 * figures count against the catalogue, which app.ts adds to the share pages' context.
 */
export async function loadUserSharePage(
  { db, catalogue }: SharePageContext & { catalogue: Catalogue },
  shareId: string,
): Promise<SharePageContent | null> {
  const friendCode = shareId.trim().toUpperCase()
  if (friendCode.length !== FRIEND_CODE_LENGTH) return null
  const user = await findPublicProfile(db, friendCode)
  if (!user) return null

  const [stats, publicMemories, showcase, travel] = await Promise.all([
    userCardStats(db, user.id),
    countPublicMemories(db, user.id),
    listShowcaseCards(db, user.id, SHOWCASE_CARDS),
    travelShareFacts(db, catalogue, friendCode),
  ])
  // The traveller was found by the same code a moment ago; an account deleted in between shows no progress.
  const progress = travel?.progress ?? {
    total: { places: 0, collected: 0, beenThere: 0, verified: 0 },
    collections: [],
    countries: [],
  }
  const { total } = progress
  const { userLevel } = levelForExperience(user.experience)
  const avatar = { path: `/api${avatarPicturePath(user.avatar_id)}`, alt: `${user.username}'s avatar` }
  return {
    title: `${user.username}'s travel cards on ${PRODUCT_NAME}`,
    description:
      `${user.username} has collected ${plural(stats.cardCount, 'travel card')} in ${plural(stats.collectionCount, 'collection')}. ` +
      `Join with their friend code and get a ${INVITATION_CERTIFICATE_CREDIT.toLocaleString('en-US')}-credit certificate.`,
    image: avatar,
    // The figures only: which places, never when, with whom or in which memory (docs/decisions.md, Travel map).
    preview: {
      path: `/api/image/travelMap?shareId=${encodeURIComponent(user.friend_code)}&v=${travel?.version ?? ''}`,
      alt: `${user.username}'s travel map: ${progressSentence(total)} places`,
      width: PREVIEW_WIDTH,
      height: PREVIEW_HEIGHT,
    },
    ogType: 'profile',
    heading: user.username,
    subheading: `Level ${userLevel} traveller · member since ${user.created_at.slice(0, 10)}`,
    facts: [
      { label: 'Cards collected', value: stats.cardCount.toLocaleString('en-US') },
      { label: 'Collections', value: stats.collectionCount.toLocaleString('en-US') },
      ...RARITIES.map(({ rarity, name, mark }) => ({
        label: `${mark} ${name}`,
        value: (stats.rarityStats[rarity - 1] ?? 0).toLocaleString('en-US'),
      })),
      { label: 'Public memories', value: publicMemories.toLocaleString('en-US') },
      {
        label: 'Places collected',
        value: `${total.collected.toLocaleString('en-US')} of ${total.places.toLocaleString('en-US')}`,
      },
      { label: 'Been there', value: total.beenThere.toLocaleString('en-US') },
      { label: 'Verified visits', value: total.verified.toLocaleString('en-US') },
    ],
    figures: {
      title: 'Travel progress',
      rows: [
        { label: 'All places', value: progressSentence(total) },
        // The collections the traveller has started: with dozens of collections, the untouched ones would bury them.
        ...progress.collections
          .filter((collection) => collection.collected + collection.beenThere + collection.verified > 0)
          .map((collection) => ({
            label: collection.collectionName,
            value: progressSentence(collection),
          })),
      ],
    },
    galleryTitle: showcase.length > 0 ? 'Rarest cards' : undefined,
    gallery: showcase.map((card) => ({
      picture: {
        path: `/api${cardPicturePath(card.id)}`,
        alt: `${card.name}, ${rarityName(card.rarity)} card`,
        width: 250,
        height: 350,
      },
      caption: card.name,
      detail: rarityName(card.rarity),
    })),
    invite: { friendCode: user.friend_code, username: user.username },
  }
}
