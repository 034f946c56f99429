import { screen, within } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'

import type { YearRecap } from '@shared/recap'
import type { MapPlaces } from '@shared/travel'
import { RecapPage } from '@client/features/travel/RecapPage'
import { localToday } from '@client/lib/localToday'
import { onGet, onPost, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'
import { stubResizeObserver } from '@test/helpers/resizeObserver'

const WORLD: MapPlaces = {
  width: 4000,
  height: 1760,
  land: 'M0 0h10v10h-10z',
  places: [
    {
      cardSetId: 'pt-lisbon',
      cardId: 'pt-lisbon-1',
      name: 'Lisbon',
      kind: 'city',
      countryCode: 'PT',
      collectionId: 'cities',
      outline: null,
      x: 1900,
      y: 600,
      small: false,
    },
    {
      cardSetId: 'pt-porto',
      cardId: 'pt-porto-1',
      name: 'Porto',
      kind: 'city',
      countryCode: 'PT',
      collectionId: 'cities',
      outline: null,
      x: 1905,
      y: 580,
      small: false,
    },
    {
      cardSetId: 'country-fr',
      cardId: 'country-fr-1',
      name: 'France',
      kind: 'country',
      countryCode: 'FR',
      collectionId: 'europe',
      outline: 'M1900 300h150v150h-150z',
      x: 1975,
      y: 375,
      small: false,
    },
  ],
}

const YEAR_2025: YearRecap = {
  year: 2025,
  newPlaces: [
    { cardSetId: 'country-fr', name: 'France', collectionName: 'Europe', cardId: 'country-fr-3' },
    { cardSetId: 'pt-porto', name: 'Porto', collectionName: 'Great Cities of the World', cardId: 'pt-porto-1' },
  ],
  verifiedPlaces: [
    { cardSetId: 'pt-lisbon', name: 'Lisbon', collectionName: 'Great Cities of the World', cardId: 'pt-lisbon-1' },
  ],
  countries: [
    { countryCode: 'FR', name: 'France' },
    { countryCode: 'PT', name: 'Portugal' },
  ],
  cardsByRarity: [2, 0, 1, 0, 0],
  memories: 2,
  publicMemories: 1,
  friendsMade: 1,
  longestJourney: { memoryId: 'm-france', place: 'France', startDate: '2025-09-01', endDate: '2025-09-20', days: 20 },
  trips: 1,
  longestTrip: { tripId: 'trip-fr', title: 'France by rail', startDate: '2025-09-01', endDate: '2025-09-20', days: 20 },
  shareId: null,
}

const EMPTY_2019: YearRecap = {
  ...YEAR_2025,
  year: 2019,
  newPlaces: [],
  verifiedPlaces: [],
  countries: [],
  cardsByRarity: [0, 0, 0, 0, 0],
  memories: 0,
  publicMemories: 0,
  friendsMade: 0,
  longestJourney: null,
  trips: 0,
  longestTrip: null,
}

beforeAll(stubResizeObserver)

function renderRecap(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/recap/:year?" element={<RecapPage />} />
    </Routes>,
    { route: path },
  )
}

describe('RecapPage', () => {
  beforeEach(() => {
    server.use(
      onGet('/travel/getMapPlaces', WORLD),
      onGet('/recap/getYearRecap', (request) => {
        const year = Number(new URL(request.url).searchParams.get('year'))
        return year === 2025 ? YEAR_2025 : { ...EMPTY_2019, year }
      }),
    )
  })

  it('shows the year: its figures, cards by rarity, longest journey, places and countries, each place opening its card', async () => {
    renderRecap('/recap/2025')
    expect(await screen.findByText('2 new places · 1 verified visit · 2 countries · 3 cards')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: '2025 in cards' })).toBeInTheDocument()
    const figures = screen.getAllByRole('term').map((term) => `${term.textContent}: ${term.nextSibling?.textContent}`)
    expect(figures).toEqual([
      'New places: 2',
      'Verified visits: 1',
      'Countries: 2',
      'Cards: 3',
      'Memories: 2',
      'Trips: 1',
      'Friends made: 1',
    ])
    const trip = screen.getByRole('region', { name: 'Longest trip' })
    expect(within(trip).getByRole('link', { name: 'France by rail' })).toHaveAttribute('href', '/trip/trip-fr')
    expect(trip).toHaveTextContent('France by rail: 20 days, 2025-09-01 – 2025-09-20')
    const journey = screen.getByRole('region', { name: 'Longest journey' })
    expect(within(journey).getByRole('link', { name: 'France' })).toHaveAttribute('href', '/viewMemory/m-france')
    expect(journey).toHaveTextContent('France: 20 days, 2025-09-01 – 2025-09-20')
    const newPlaces = screen.getByRole('region', { name: 'New places (2)' })
    expect(within(newPlaces).getByRole('link', { name: 'France' })).toHaveAttribute('href', '/card/country-fr-3')
    const verified = screen.getByRole('region', { name: 'Verified visits (1)' })
    expect(within(verified).getByRole('link', { name: 'Lisbon' })).toHaveAttribute('href', '/card/pt-lisbon-1')
    expect(within(screen.getByRole('region', { name: 'Countries' })).getAllByRole('listitem')).toHaveLength(2)
    const years = screen.getByRole('navigation', { name: 'Other years' })
    expect(within(years).getByRole('link', { name: '2024' })).toHaveAttribute('href', '/recap/2024')
  })

  it('shares the year after saying what the link shows, and stops sharing', async () => {
    const asked: unknown[] = []
    server.use(
      onPost('/recap/shareYearRecap', (_request, body) => {
        asked.push(['share', body])
        return { shareId: 'Zx9-shared' }
      }),
      onPost('/recap/stopSharingYearRecap', (_request, body) => {
        asked.push(['stop', body])
        return null
      }),
    )
    const { user } = renderRecap('/recap/2025')
    const share = await screen.findByRole('region', { name: 'Share your year' })
    expect(share).toHaveTextContent('Friends, trips, dates and other memories stay private.')
    await user.click(within(share).getByRole('button', { name: 'Share my 2025' }))
    expect(await within(share).findByDisplayValue(/\/recap\?shareId=Zx9-shared$/)).toBeInTheDocument()
    await user.click(within(share).getByRole('button', { name: 'Stop sharing' }))
    expect(await within(share).findByRole('button', { name: 'Share my 2025' })).toBeInTheDocument()
    expect(asked).toEqual([
      ['share', { year: 2025 }],
      ['stop', { year: 2025 }],
    ])
  })

  it('says so when nothing happened that year', async () => {
    renderRecap('/recap/2019')
    expect(await screen.findByText('Nothing collected, verified or written in 2019 yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Acquire Cards' })).toHaveAttribute('href', '/acquireCards')
  })

  it('opens this year for a year that has not begun', async () => {
    const thisYear = Number(localToday().slice(0, 4))
    renderRecap(`/recap/${thisYear + 1}`)
    expect(await screen.findByRole('heading', { level: 1, name: `${thisYear} in cards` })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: String(thisYear + 1) })).not.toBeInTheDocument()
  })
})
