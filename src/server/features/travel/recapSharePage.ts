import { avatarPicturePath, cardPicturePath } from '@shared/artVersion'
import { PRODUCT_NAME, RARITIES } from '@shared/constants'
import { RECAP_TEXTS, recapSentence } from '@shared/recap'

import type { SharePageContent, SharePageContext } from '../../lib/sharePages'
import type { Catalogue } from '../catalogue/catalogueCache'

import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from './mapImage'
import { findSharedYearRecap } from './recap'

/** New places shown as cards on the page; the rest are counted. */
const GALLERY_CARDS = 6

function count(value: number): string {
  return value.toLocaleString('en-US')
}

/**
 * A year in cards shared by its traveller (`/s/recap?shareId=…`): the year's map, places, countries and cards, the
 * count of Public memories and the longest Public journey. Friends, private memories and dates stay out; a link whose
 * sharing stopped finds nothing.
 */
export async function loadRecapSharePage(
  { db, catalogue }: SharePageContext & { catalogue: Catalogue },
  shareId: string,
): Promise<SharePageContent | null> {
  const shared = await findSharedYearRecap(db, catalogue, shareId)
  if (!shared) return null
  const { recap, longestJourney, username, year } = shared
  const title = `${username}'s ${RECAP_TEXTS.title(year)}`
  const sentence = recapSentence(recap)
  const yearPlaces = [...new Set([...recap.newPlaces, ...recap.verifiedPlaces].map(({ cardSetId }) => cardSetId))]
  const countryOf = (cardSetId: string) => catalogue.placesById.get(cardSetId)?.countryCode
  return {
    title: `${title} on ${PRODUCT_NAME}`,
    description: `${sentence}.`,
    image: { path: `/api${avatarPicturePath(shared.avatarId)}`, alt: `${username}'s avatar` },
    preview: {
      path: `/api/image/yearRecap?shareId=${encodeURIComponent(shareId)}&v=${shared.version}`,
      alt: `${title}: ${sentence}`,
      width: PREVIEW_WIDTH,
      height: PREVIEW_HEIGHT,
    },
    ogType: 'website',
    heading: title,
    subheading: sentence,
    facts: [
      { label: 'New places', value: count(recap.newPlaces.length) },
      { label: 'Verified visits', value: count(recap.verifiedPlaces.length) },
      { label: 'Countries', value: count(recap.countries.length) },
      ...RARITIES.map(({ rarity, name, mark }) => ({
        label: `${mark} ${name}`,
        value: count(recap.cardsByRarity[rarity - 1] ?? 0),
      })),
      { label: 'Public memories', value: count(recap.publicMemories) },
    ],
    ...(recap.countries.length > 0
      ? {
          figures: {
            title: 'Countries',
            rows: recap.countries.map((country) => {
              const places = yearPlaces.filter((cardSetId) => countryOf(cardSetId) === country.countryCode).length
              return { label: country.name, value: `${count(places)} ${places === 1 ? 'place' : 'places'}` }
            }),
          },
        }
      : {}),
    ...(longestJourney
      ? {
          story: {
            title: 'Longest journey',
            text: `${longestJourney.place}: ${count(longestJourney.days)} ${longestJourney.days === 1 ? 'day' : 'days'}.`,
          },
        }
      : {}),
    galleryTitle: recap.newPlaces.length > 0 ? 'New places' : undefined,
    gallery: recap.newPlaces.slice(0, GALLERY_CARDS).map((place) => ({
      picture: { path: `/api${cardPicturePath(place.cardId)}`, alt: `${place.name} card`, width: 250, height: 350 },
      caption: place.name,
      detail: place.collectionName,
    })),
    invite: { friendCode: shared.friendCode, username },
  }
}
