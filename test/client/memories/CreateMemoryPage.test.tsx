import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router-dom'

import type { UserCard } from '@shared/collection'
import type { AvailableCardSets, PeerUserCard } from '@shared/memories'
import { TEXTS } from '@shared/texts'
import { collectionApi } from '@client/features/collection/api'
import { CreateMemoryPage } from '@client/features/memories/CreateMemoryPage'
import { paths } from '@client/lib/paths'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

import { makeMemory } from './fixtures'

const cardSets: AvailableCardSets = {
  cardCollections: [{ collectionId: 'europe', collectionName: 'Europe' }],
  cardSetList: [
    {
      cardSetId: 'set-lisbon',
      cardSetName: 'Lisbon',
      collectionId: 'europe',
      cards: [
        {
          cardId: 'card-lisbon-3',
          cardName: 'Lisbon',
          cardRarity: 3,
          collectionId: 'europe',
          image: 'img-lisbon',
          freeCopies: 1,
        },
      ],
    },
  ],
}

const copies: PeerUserCard[] = [
  {
    userCardId: 'uc1',
    cardId: 'card-lisbon-3',
    cardName: 'Lisbon',
    cardRarity: 3,
    image: 'img-lisbon',
    createdAt: '2026-01-02T10:00:00.000Z',
    hasMemory: false,
    memoryId: null,
  },
  {
    userCardId: 'uc2',
    cardId: 'card-lisbon-3',
    cardName: 'Lisbon',
    cardRarity: 3,
    image: 'img-lisbon',
    createdAt: '2026-01-03T10:00:00.000Z',
    hasMemory: true,
    memoryId: 'm0',
  },
]

const userCard: UserCard = {
  userCardId: 'uc1',
  cardId: 'card-lisbon-3',
  cardName: 'Lisbon',
  cardRarity: 3,
  image: 'img-lisbon',
  collectionId: 'europe',
  collectionName: 'Europe',
  cardDescription: 'Capital of Portugal.',
  createdAt: '2026-01-02T10:00:00.000Z',
  products: 'Digital card draw',
  isOwner: true,
  ownerUsername: 'marta',
  placeVerified: false,
  memory: null,
}

function renderCreate(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path={paths.createMemory.path} element={<CreateMemoryPage />} />
    </Routes>,
    { route: path },
  )
}

function fillDates(start: string, end: string) {
  fireEvent.change(screen.getByLabelText(/Start date/), { target: { value: start } })
  fireEvent.change(screen.getByLabelText(/End date/), { target: { value: end } })
}

// The journeys below type, upload and wait for the 1 s tag-search debounce.
jest.setTimeout(30_000)

describe('CreateMemoryPage', () => {
  it('creates a memory on a picked card with a picture and a tagged friend', async () => {
    let created: unknown = null
    const searched: string[] = []
    server.use(
      onGet('/memory/getAvailableCardSets', cardSets),
      onGet('/getPeerUserCards', copies),
      onPost('/memory/uploadMemoryPicture', {
        visitCheck: { verdict: 'notChecked', placeName: null, takenOn: null },
        pictureFileName: 'pic-1.jpg',
        url: '/api/image/memoryPicture?image=pic-1.jpg',
        width: 800,
        height: 600,
        variants: [{ width: 480, url: '/api/image/memoryPicture?image=pic-1.jpg&w=480' }],
      }),
      onGet('/friends/searchFriends', (request) => {
        searched.push(new URL(request.url).searchParams.get('name') ?? '')
        return [{ userId: 'u-jo', username: 'jo', avatarId: 2, userLevel: 1 }]
      }),
      onPost('/memory/createMemory', (_request, body) => {
        created = body
        return { memoryId: 'm7' }
      }),
    )
    const { user } = renderCreate('/createMemory')

    expect(screen.getByRole('button', { name: 'Create Memory' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Choose Card' }))
    const dialog = await screen.findByRole('dialog', { name: 'Choose a card' })
    await user.click(await within(dialog).findByRole('button', { name: /Lisbon/ }))
    const picker = screen.getByRole('dialog')
    expect(within(picker).queryByRole('button', { name: 'Lisbon, acquired 2026-01-03' })).not.toBeInTheDocument()
    await user.click(await within(picker).findByRole('button', { name: 'Lisbon, acquired 2026-01-02' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const associated = screen.getByRole('group', { name: 'Associated card' })
    expect(associated).toHaveTextContent('Lisbon')
    // Focus comes back to the form, on the chosen card's own button, not to the top of the page.
    expect(associated).toContainElement(document.activeElement as HTMLElement)

    fillDates('2025-05-01', '2025-05-07')
    await user.type(screen.getByRole('textbox', { name: 'Your memory' }), 'Tram 28 at sunset.')
    await user.upload(screen.getByLabelText('Add Picture'), new File(['jpeg'], 'tram.jpg', { type: 'image/jpeg' }))
    expect(await screen.findByRole('img', { name: 'Picture 1' })).toBeInTheDocument()

    await user.type(screen.getByRole('combobox', { name: 'Tag friends' }), 'jo')
    await user.click(await screen.findByRole('option', { name: '@jo' }, { timeout: 3000 }))
    expect(searched).toEqual(['jo'])

    expect(screen.getByRole('combobox', { name: 'Visibility' })).toHaveTextContent('Public')
    await user.click(screen.getByRole('button', { name: 'Create Memory' }))

    expect(await screen.findByRole('heading', { name: TEXTS.memoryCreated })).toBeInTheDocument()
    expect(created).toEqual({
      userCardId: 'uc1',
      memoryStartDate: '2025-05-01',
      memoryEndDate: '2025-05-07',
      memoryContent: 'Tram 28 at sunset.',
      memoryPictures: ['pic-1.jpg'],
      taggedFriends: ['u-jo'],
      visibility: 3,
    })
    // The heading and the toast, which appears once the toasts have loaded.
    await waitFor(() => expect(screen.getAllByText(TEXTS.memoryCreated)).toHaveLength(2))
    expect(screen.getByRole('link', { name: 'View Memory' })).toHaveAttribute('href', '/viewMemory/m7')

    await user.click(screen.getByRole('button', { name: 'Create Another' }))
    expect(await screen.findByRole('button', { name: 'Choose Card' })).toBeInTheDocument()
  })

  it('ends on the success screen when the memory was added from a chosen copy', async () => {
    // The copy is reloaded after saving, and then it has a memory: the one just made.
    let saved = false
    server.use(
      onGet('/getUserCard', () => ({ ...userCard, memory: saved ? makeMemory({ memoryId: 'm7' }) : null })),
      onPost('/memory/createMemory', () => {
        saved = true
        return { memoryId: 'm7' }
      }),
    )
    const { user, store } = renderCreate('/createMemory/uc1')
    await screen.findByRole('group', { name: 'Associated card' })
    fillDates('2025-05-01', '2025-05-02')
    await user.click(screen.getByRole('button', { name: 'Create Memory' }))

    expect(await screen.findByRole('heading', { name: TEXTS.memoryCreated })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create Another' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View Memory' })).toHaveAttribute('href', '/viewMemory/m7')
    // Once the reloaded copy (now with this memory) has arrived, the page still tells the truth.
    await waitFor(() =>
      expect(collectionApi.endpoints.getUserCard.select('uc1')(store.getState()).data?.memory).toMatchObject({
        memoryId: 'm7',
      }),
    )
    expect(screen.queryByRole('heading', { name: 'Oops :(' })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: TEXTS.memoryCreated })).toBeInTheDocument()
  })

  it('offers a retry, not "User card not found", when the server fails to load the copy', async () => {
    let failing = true
    server.use(
      onGet('/getUserCard', () => (failing ? refusal(500, 'Internal', 'Database unavailable', true) : userCard)),
    )
    const { user } = renderCreate('/createMemory/uc1')
    expect(await screen.findByText(TEXTS.technicalProblem('Database unavailable'))).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: TEXTS.userCardNotFound })).not.toBeInTheDocument()
    failing = false
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByRole('group', { name: 'Associated card' })).toHaveTextContent('Lisbon')
  })

  it('refuses an end date before the start date and sends nothing', async () => {
    server.use(onGet('/getUserCard', userCard))
    const { user } = renderCreate('/createMemory/uc1')
    await screen.findByRole('group', { name: 'Associated card' })
    fillDates('2025-05-07', '2025-05-01')
    await user.click(screen.getByRole('button', { name: 'Create Memory' }))
    expect(await screen.findByText('The end date cannot be before the start date.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Create Memory' })).toBeInTheDocument()
  })

  it('refuses a file that is not a picture', async () => {
    server.use(onGet('/getUserCard', userCard))
    renderCreate('/createMemory/uc1')
    await screen.findByRole('group', { name: 'Associated card' })
    // The file dialog's filter can be bypassed ("All files"), so the screen checks again.
    const user = userEvent.setup({ applyAccept: false })
    await user.upload(
      screen.getByLabelText('Add Picture'),
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
    )
    expect(await screen.findByText('Please choose a PNG or JPEG picture.')).toBeInTheDocument()
  })

  it('shows the Oops page when the user card already has a memory', async () => {
    server.use(onGet('/getUserCard', { ...userCard, memory: makeMemory({ memoryId: 'm0' }) }))
    renderCreate('/createMemory/uc1')
    expect(await screen.findByRole('heading', { name: 'Oops :(' })).toBeInTheDocument()
    expect(screen.getByText(TEXTS.memoryAlreadyExists('Lisbon'))).toBeInTheDocument()
  })

  it('shows the Oops page when the server says the card already has a memory', async () => {
    server.use(
      onGet('/getUserCard', userCard),
      onPost('/memory/createMemory', () => refusal(409, 'Conflict', 'This user card already has a memory.', true)),
    )
    const { user } = renderCreate('/createMemory/uc1')
    await screen.findByRole('group', { name: 'Associated card' })
    fillDates('2025-05-01', '2025-05-01')
    await user.click(screen.getByRole('button', { name: 'Create Memory' }))
    expect(await screen.findByText(TEXTS.memoryAlreadyExists('Lisbon'))).toBeInTheDocument()
  })

  it('says "User card not found" when the card cannot be loaded', async () => {
    server.use(onGet('/getUserCard', () => refusal(404, 'NotFound', 'User card not found', true)))
    renderCreate('/createMemory/nope')
    expect(await screen.findByRole('heading', { name: TEXTS.userCardNotFound })).toBeInTheDocument()
  })
})
