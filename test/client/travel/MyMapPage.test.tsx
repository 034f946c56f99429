import { screen, within } from '@testing-library/react'

import type { MapPlaces, MyMap, Progress } from '@shared/travel'
import { MyMapPage } from '@client/features/travel/MyMapPage'
import { server, onGet } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'
import { stubResizeObserver } from '@test/helpers/resizeObserver'

function mapPlace(cardSetId: string, name: string, outline: string | null, x: number, y: number) {
  return {
    cardSetId,
    cardId: `${cardSetId}-1`,
    name,
    kind: 'city',
    countryCode: null,
    collectionId: 'europe',
    outline,
    x,
    y,
    small: false,
  }
}

const WORLD: MapPlaces = {
  width: 4000,
  height: 1760,
  land: 'M0 0h10v10h-10z',
  places: [
    mapPlace('country-it', 'Italy', 'M2150 450h100v100h-100z', 2200, 500),
    mapPlace('pt-lisbon', 'Lisbon', null, 1900, 600),
    mapPlace('country-fr', 'France', 'M1900 300h150v150h-150z', 1975, 375),
    mapPlace('ng-oyo', 'Oyo', null, 2100, 900),
  ],
}

const MINE: MyMap = {
  places: [
    { cardSetId: 'country-it', status: 'verified', cardId: 'country-it-3', wantToGo: false, verifiedTakenOn: null },
    { cardSetId: 'pt-lisbon', status: 'beenThere', cardId: 'pt-lisbon-1', wantToGo: false, verifiedTakenOn: null },
    { cardSetId: 'country-fr', status: 'collected', cardId: 'country-fr-2', wantToGo: false, verifiedTakenOn: null },
  ],
}

const none = { collected: 0, beenThere: 0, verified: 0 }
const PROGRESS: Progress = {
  total: { places: 4, collected: 2, beenThere: 2, verified: 1 },
  collections: [{ collectionId: 'europe', collectionName: 'Europe', places: 4, ...none }],
  countries: [],
}

beforeAll(stubResizeObserver)

describe('MyMapPage', () => {
  it('lists, for keyboards and screen readers, the same places the map shades, each opening the card the map opens', async () => {
    server.use(
      onGet('/travel/getMapPlaces', WORLD),
      onGet('/travel/getMyMap', MINE),
      onGet('/collection/getProgress', PROGRESS),
      onGet('/travel/getBucketList', []),
    )
    renderWithProviders(<MyMapPage />, { route: '/myMap' })

    const list = await screen.findByRole('region', { name: 'Places on your map' })
    const map = screen.getByRole('application', { name: /Map of your places/ })
    const shaded = Array.from(map.querySelectorAll('.place:not([data-status="none"])'), (element) =>
      element.getAttribute('data-place-id'),
    )
    expect(new Set(shaded)).toEqual(new Set(['country-it', 'pt-lisbon', 'country-fr']))
    for (const { cardSetId, cardId } of MINE.places) {
      const name = WORLD.places.find((place) => place.cardSetId === cardSetId)?.name ?? ''
      expect(within(list).getByRole('link', { name })).toHaveAttribute('href', `/card/${cardId}`)
    }
    expect(within(list).getAllByRole('link')).toHaveLength(MINE.places.length)
    expect(within(list).getByText('Not collected: 1 places.')).toBeInTheDocument()
  })
})
