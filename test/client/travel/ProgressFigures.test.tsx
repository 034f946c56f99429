import { screen } from '@testing-library/react'

import type { Progress } from '@shared/travel'
import { ProgressFigures } from '@client/features/travel/components/ProgressFigures'
import { renderWithProviders } from '@test/helpers/render'

const none = { collected: 0, beenThere: 0, verified: 0 }
const progress: Progress = {
  total: { places: 2156, collected: 1, beenThere: 1, verified: 1 },
  collections: [
    {
      collectionId: 'great-cities',
      collectionName: 'Great Cities of the World',
      places: 125,
      collected: 1,
      beenThere: 1,
      verified: 1,
    },
    { collectionId: 'cities-brazil', collectionName: 'Cities of Brazil', places: 59, ...none },
    { collectionId: 'europe', collectionName: 'Europe', places: 53, collected: 0, beenThere: 1, verified: 0 },
  ],
  countries: [
    { countryCode: 'PT', countryName: 'Portugal', places: 3, collected: 1, beenThere: 1, verified: 1 },
    { countryCode: 'BR', countryName: 'Brazil', places: 87, ...none },
  ],
}

describe('ProgressFigures', () => {
  it('lists the collections and countries the traveller has started, and the others on request, each with its denominator', async () => {
    const { user } = renderWithProviders(<ProgressFigures progress={progress} />)

    expect(screen.getByText('collected 1 of 125 · been there 1 · verified 1')).toBeInTheDocument()
    expect(screen.getByText('Europe')).toBeInTheDocument()
    expect(screen.queryByText('Cities of Brazil')).not.toBeInTheDocument()
    expect(screen.queryByText('Brazil')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Show all 3 collections' }))
    expect(screen.getByText('Cities of Brazil')).toBeInTheDocument()
    expect(screen.getByText('collected 0 of 59 · been there 0 · verified 0')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Show only my collections' })).toHaveAttribute('aria-expanded', 'true')

    await user.click(screen.getByRole('button', { name: 'Show all 2 countries' }))
    expect(screen.getByText('Brazil')).toBeInTheDocument()
  })
})
