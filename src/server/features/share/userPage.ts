import {
  FRIEND_CODE_LENGTH,
  INVITATION_CERTIFICATE_CREDIT,
  levelForExperience,
  PRODUCT_NAME,
  RARITIES,
  rarityName,
} from '@shared/constants'

import type { SharePageContent, SharePageContext } from '../../lib/sharePages'
import { userCardStats } from '../session/service'

import { countPublicMemories, findPublicProfile, listShowcaseCards } from './queries'

const SHOWCASE_CARDS = 6

function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`
}

/** A traveller's public profile, by friend code: name, avatar, level, collection figures and rarest cards. */
export async function loadUserSharePage({ db }: SharePageContext, shareId: string): Promise<SharePageContent | null> {
  const friendCode = shareId.trim().toUpperCase()
  if (friendCode.length !== FRIEND_CODE_LENGTH) return null
  const user = await findPublicProfile(db, friendCode)
  if (!user) return null

  const [stats, publicMemories, showcase] = await Promise.all([
    userCardStats(db, user.id),
    countPublicMemories(db, user.id),
    listShowcaseCards(db, user.id, SHOWCASE_CARDS),
  ])
  const { userLevel } = levelForExperience(user.experience)
  const avatar = { path: `/api/image/avatar?avatarId=${user.avatar_id}`, alt: `${user.username}'s avatar` }
  return {
    title: `${user.username}'s travel cards on ${PRODUCT_NAME}`,
    description:
      `${user.username} has collected ${plural(stats.cardCount, 'travel card')} in ${plural(stats.collectionCount, 'collection')}. ` +
      `Join with their friend code and get a ${INVITATION_CERTIFICATE_CREDIT.toLocaleString('en-US')}-credit certificate.`,
    image: avatar,
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
    ],
    galleryTitle: showcase.length > 0 ? 'Rarest cards' : undefined,
    gallery: showcase.map((card) => ({
      picture: {
        path: `/api/image/card?imageId=${encodeURIComponent(card.id)}`,
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
