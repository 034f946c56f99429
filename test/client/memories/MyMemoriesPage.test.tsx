import { screen, waitFor, within } from '@testing-library/react'

import { TEXTS } from '@shared/texts'
import { MyMemoriesPage } from '@client/features/memories/MyMemoriesPage'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

import { makeMemory } from './fixtures'

// Screens with MUI render slowly in jsdom on a shared machine.
jest.setTimeout(20_000)

// Names of the viewer's friends open their page; these tests need no friends.
beforeEach(() => server.use(onGet('/friends/getMyFriends', [])))

describe('MyMemoriesPage', () => {
  it('shows the empty text and the New Memory link when there are no memories', async () => {
    server.use(onGet('/memory/getMyMemories', []))
    renderWithProviders(<MyMemoriesPage />, { route: '/myMemories' })
    expect(await screen.findByText(TEXTS.empty.memories)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'New Memory' })).toHaveAttribute('href', '/createMemory')
  })

  it('shows each memory with its card, cut texts, tags, dates, counts and links', async () => {
    const longContent = `${'Walked the Alfama all day. '.repeat(30)}THE-END`
    const longDescription = `${'Seven hills and yellow trams. '.repeat(10)}DESCRIPTION-END`
    server.use(
      onGet('/memory/getMyMemories', [
        makeMemory({ memoryContent: longContent, cardDescription: longDescription, commentCount: 4 }),
      ]),
    )
    renderWithProviders(<MyMemoriesPage />, { route: '/myMemories' })

    const memory = await screen.findByRole('article', { name: 'Lisbon' })
    expect(within(memory).getByRole('link', { name: 'Switch' })).toHaveAttribute('href', '/switchUserCard/m1')
    expect(within(memory).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/editMemory/m1')
    expect(within(memory).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/viewMemory/m1')
    expect(within(memory).getByText(/^Walked the Alfama/).textContent.length).toBeLessThanOrEqual(501)
    expect(within(memory).queryByText(/THE-END/)).not.toBeInTheDocument()
    expect(within(memory).getByText(/^Seven hills/).textContent.length).toBeLessThanOrEqual(151)
    expect(within(memory).queryByText(/DESCRIPTION-END/)).not.toBeInTheDocument()
    expect(within(memory).getByText('@jo')).toBeInTheDocument()
    expect(within(memory).getByText('2025-05-01').parentElement).toHaveTextContent('2025-05-01 – 2025-05-07')
    expect(within(memory).getByText('2025-06-01')).toBeInTheDocument()
    expect(within(memory).getByText(/2 likes/)).toBeInTheDocument()
    expect(within(memory).getByText(/4 comments/)).toBeInTheDocument()
    expect(within(memory).getByRole('img', { name: 'Picture 1 of 1' })).toHaveAttribute(
      'src',
      expect.stringContaining('image=p1.jpg'),
    )
  })

  it('changes the visibility at once and sends it', async () => {
    let sent: unknown = null
    let answer: () => void = () => undefined
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    server.use(
      onGet('/memory/getMyMemories', [makeMemory()]),
      onPost('/memory/updateVisibility', async (_request, body) => {
        sent = body
        await answered
        return null
      }),
    )
    const { user } = renderWithProviders(<MyMemoriesPage />, { route: '/myMemories' })
    await user.click(await screen.findByRole('combobox', { name: 'Visibility' }))
    await user.click(screen.getByRole('option', { name: 'Private' }))

    // The server has not answered yet: the new value is the screen's own.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Visibility' })).toHaveTextContent('Private'))
    await waitFor(() => expect(sent).toEqual({ memoryId: 'm1', visibility: 1 }))
    answer()
  })

  it('puts the visibility back when the change fails', async () => {
    server.use(
      onGet('/memory/getMyMemories', [makeMemory()]),
      onPost('/memory/updateVisibility', () => refusal(404, 'NotFound', 'Memory not found', true)),
    )
    const { user } = renderWithProviders(<MyMemoriesPage />, { route: '/myMemories' })
    await user.click(await screen.findByRole('combobox', { name: 'Visibility' }))
    await user.click(screen.getByRole('option', { name: 'Friends' }))

    expect(await screen.findByText('Memory not found')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Visibility' })).toHaveTextContent('Public'))
  })
})
