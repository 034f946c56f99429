import { screen } from '@testing-library/react'

import { TEXTS } from '@shared/texts'
import { UserCardMemorySection } from '@client/features/memories/components/UserCardMemorySection'
import { onGet, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

import { makeMemory } from './fixtures'

// Screens with MUI render slowly in jsdom on a shared machine.
jest.setTimeout(20_000)

describe('UserCardMemorySection', () => {
  it('shows the memory with Switch Card and Edit Memory for the owner', async () => {
    server.use(onGet('/memory/getMemory', makeMemory({ likes: 5, commentCount: 1 })))
    renderWithProviders(<UserCardMemorySection userCardId="uc1" isOwner memory={{ memoryId: 'm1' }} />)

    expect(await screen.findByText('Tram 28 up to the castle at sunset.')).toBeInTheDocument()
    expect(screen.getByText('2025-05-01').parentElement).toHaveTextContent('2025-05-01 – 2025-05-07')
    expect(screen.getByText(/5 likes/)).toBeInTheDocument()
    expect(screen.getByText(/1 comment/)).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Picture 1 of 1' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Switch Card' })).toHaveAttribute(
      'href',
      '/switchUserCard/m1?from=userCard',
    )
    expect(screen.getByRole('link', { name: 'Edit Memory' })).toHaveAttribute('href', '/editMemory/m1')
  })

  it('shows the memory without owner actions to others', async () => {
    server.use(onGet('/memory/getMemory', makeMemory({ isOwner: false })))
    renderWithProviders(<UserCardMemorySection userCardId="uc1" isOwner={false} memory={{ memoryId: 'm1' }} />)
    expect(await screen.findByText('Tram 28 up to the castle at sunset.')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Edit Memory' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Switch Card' })).not.toBeInTheDocument()
  })

  it('offers Add Memory to the owner of a copy without one', () => {
    renderWithProviders(<UserCardMemorySection userCardId="uc1" isOwner memory={null} />)
    expect(screen.getByRole('link', { name: 'Add Memory' })).toHaveAttribute('href', '/createMemory/uc1')
  })

  it('tells others no memory was found', () => {
    renderWithProviders(<UserCardMemorySection userCardId="uc1" isOwner={false} memory={null} />)
    expect(screen.getByText(TEXTS.empty.userCardMemory)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Add Memory' })).not.toBeInTheDocument()
  })
})
