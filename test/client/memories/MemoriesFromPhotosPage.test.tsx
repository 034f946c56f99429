import { fireEvent, screen, waitFor, within } from '@testing-library/react'

import { MEMORY_PICTURES_MAX } from '@shared/constants'
import type { ImportedPhoto, MemoryDraft, PhotoImport } from '@shared/photoImport'
import { PHOTO_IMPORT_TEXTS } from '@shared/photoImport'
import { MemoriesFromPhotosPage } from '@client/features/memories/MemoriesFromPhotosPage'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

// Screens with MUI render slowly in jsdom on a shared machine.
jest.setTimeout(20_000)

function photo(fileName: string, overrides: Partial<ImportedPhoto> = {}): ImportedPhoto {
  return {
    pictureFileName: fileName,
    url: `/api/image/memoryPicture?image=${fileName}`,
    width: 800,
    height: 600,
    variants: [],
    takenOn: '2025-06-03',
    place: null,
    draftId: null,
    ...overrides,
  }
}

const LISBON = {
  cardSetId: 'pt-lisbon',
  name: 'Lisbon',
  kind: 'city',
  collectionName: 'Great Cities',
  cardId: 'pt-lisbon-1',
}
const PORTO = {
  cardSetId: 'pt-porto',
  name: 'Porto',
  kind: 'city',
  collectionName: 'Great Cities',
  cardId: 'pt-porto-1',
}

function draft(overrides: Partial<MemoryDraft>): MemoryDraft {
  return {
    draftId: 'd-lisbon',
    place: LISBON,
    startDate: '2025-06-03',
    endDate: '2025-06-04',
    photos: [photo('a.jpg', { place: LISBON, draftId: 'd-lisbon' })],
    photosTakenThere: 1,
    copy: { userCardId: 'uc-1', cardId: 'pt-lisbon-3', cardRarity: 3 },
    souvenir: false,
    blocked: null,
    createdAt: '2026-11-28T09:00:00.000Z',
    ...overrides,
  }
}

beforeEach(() =>
  server.use(
    onGet('/friends/getMyFriends', []),
    onGet('/getUser', makeUser({ userId: 'u-me' })),
    onGet('/checkNewNotifications', false),
  ),
)

describe('MemoriesFromPhotosPage', () => {
  it('shows the souvenir rule before any save, what each visit would do, and why one cannot be saved', async () => {
    const answer: PhotoImport = {
      drafts: [
        draft({}),
        draft({
          draftId: 'd-porto',
          place: PORTO,
          startDate: '2025-06-05',
          endDate: '2025-06-05',
          copy: null,
          souvenir: false,
          photosTakenThere: 0,
          blocked: PHOTO_IMPORT_TEXTS.noCopyNotVerified('Porto'),
        }),
      ],
      unplaced: [],
      souvenirsLeftToday: 5,
    }
    server.use(onGet('/memory/getPhotoImport', answer))
    renderWithProviders(<MemoriesFromPhotosPage />, { route: '/memoriesFromPhotos' })

    // The rule stands above the visits from the first paint, while they still load.
    expect(screen.getByText(PHOTO_IMPORT_TEXTS.souvenirRule)).toBeInTheDocument()
    const lisbon = await screen.findByRole('region', { name: 'Lisbon' })
    expect(within(lisbon).getByText('Goes on your Rare card of Lisbon.')).toBeInTheDocument()
    expect(within(lisbon).getByText('Verified by a photo')).toBeInTheDocument()
    const porto = screen.getByRole('region', { name: 'Porto' })
    expect(within(porto).getByText(PHOTO_IMPORT_TEXTS.noCopyNotVerified('Porto'))).toBeInTheDocument()
    expect(within(porto).getByRole('button', { name: 'Save memory of Porto' })).toBeDisabled()
    // "Save all" only when two or more visits can be saved.
    expect(screen.queryByRole('button', { name: /Save all/ })).not.toBeInTheDocument()
  })

  it('saves a visit in one click with the words typed and Public by default, then links to the memory', async () => {
    let sent: unknown = null
    let saved = false
    server.use(
      onGet('/memory/getPhotoImport', () => ({
        drafts: saved ? [] : [draft({ copy: null, souvenir: true })],
        unplaced: [],
        souvenirsLeftToday: saved ? 4 : 5,
      })),
      onPost('/memory/saveMemoryDraft', async (request) => {
        sent = await request.json()
        saved = true
        return { memoryId: 'm-9', userCardId: 'uc-souvenir', souvenir: true }
      }),
    )
    const { user } = renderWithProviders(<MemoriesFromPhotosPage />, { route: '/memoriesFromPhotos' })
    const lisbon = await screen.findByRole('region', { name: 'Lisbon' })
    expect(within(lisbon).getByText('Earns a Souvenir card of Lisbon to hold the memory.')).toBeInTheDocument()
    await user.type(within(lisbon).getByLabelText('Your story'), 'Trams and tiles.')
    await user.click(within(lisbon).getByRole('button', { name: 'Save memory of Lisbon' }))

    const done = await screen.findByText(/Memory of Lisbon saved on a new Souvenir card/)
    expect(
      within(done.closest('[role="status"]') as HTMLElement).getByRole('link', { name: 'View it' }),
    ).toHaveAttribute('href', '/viewMemory/m-9')
    expect(sent).toEqual({ draftId: 'd-lisbon', memoryContent: 'Trams and tiles.', taggedFriends: [], visibility: 3 })
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Lisbon' })).not.toBeInTheDocument())
  })

  it('keeps the words written for a visit through a reload, until the visit is saved', async () => {
    let saved = false
    server.use(
      onGet('/memory/getPhotoImport', () => ({
        drafts: saved ? [] : [draft({})],
        unplaced: [],
        souvenirsLeftToday: 5,
      })),
      onPost('/memory/saveMemoryDraft', () => {
        saved = true
        return { memoryId: 'm-9', userCardId: 'uc-1', souvenir: false }
      }),
    )
    const first = renderWithProviders(<MemoriesFromPhotosPage />, { route: '/memoriesFromPhotos' })
    const lisbon = await screen.findByRole('region', { name: 'Lisbon' })
    await first.user.type(within(lisbon).getByLabelText('Your story'), 'Custard tarts at dawn.')
    first.unmount()

    const again = renderWithProviders(<MemoriesFromPhotosPage />, { route: '/memoriesFromPhotos' })
    const reloaded = await screen.findByRole('region', { name: 'Lisbon' })
    await waitFor(() => expect(within(reloaded).getByLabelText('Your story')).toHaveValue('Custard tarts at dawn.'))
    await again.user.click(within(reloaded).getByRole('button', { name: 'Save memory of Lisbon' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Lisbon' })).not.toBeInTheDocument())
    // Saved, its words are no longer kept on the device.
    await waitFor(() => expect(window.localStorage.getItem('wandercards.visitTexts')).not.toContain('Custard'))
  })

  it('shows each photo’s refusal and sends it again on Retry', async () => {
    let attempts = 0
    server.use(
      onGet('/memory/getPhotoImport', { drafts: [], unplaced: [], souvenirsLeftToday: 5 }),
      onPost('/memory/importPhoto', () => {
        attempts += 1
        return attempts === 1
          ? refusal(
              400,
              'BadRequest',
              'The photo could not be read. It may be damaged, or not the image its name says.',
              true,
            )
          : photo('b.jpg')
      }),
    )
    const { user } = renderWithProviders(<MemoriesFromPhotosPage />, { route: '/memoriesFromPhotos' })
    await screen.findByText('Drop the photos of a trip here')
    fireEvent.change(screen.getByTestId('photo-input'), {
      target: { files: [new File(['heic'], 'IMG_0001.HEIC', { type: 'image/heic' })] },
    })
    expect(await screen.findByText(/could not be read/)).toBeInTheDocument()
    expect(screen.getByText('0 of 1 photos added')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Retry IMG_0001.HEIC' }))
    expect(await screen.findByText('1 of 1 photos added')).toBeInTheDocument()
    expect(attempts).toBe(2)
  })

  it('sends three photos at a time, cancels one still waiting, and sends it again on Retry', async () => {
    const answers: (() => void)[] = []
    let sent = 0
    server.use(
      onGet('/memory/getPhotoImport', { drafts: [], unplaced: [], souvenirsLeftToday: 5 }),
      onPost('/memory/importPhoto', async () => {
        sent += 1
        // Answers only when the test lets it: a slow link.
        await new Promise<void>((resolve) => answers.push(resolve))
        return photo(`p${sent}.jpg`)
      }),
    )
    const release = async (count: number) => {
      await waitFor(() => expect(answers).toHaveLength(count))
      for (const answer of answers.splice(0)) answer()
    }
    const { user } = renderWithProviders(<MemoriesFromPhotosPage />, { route: '/memoriesFromPhotos' })
    await screen.findByText('Drop the photos of a trip here')
    const files = Array.from(
      { length: 5 },
      (_, index) => new File(['jpeg'], `IMG_${index}.jpg`, { type: 'image/jpeg' }),
    )
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files } })
    await waitFor(() => expect(sent).toBe(3))
    expect(screen.getAllByText('Waiting')).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: 'Cancel IMG_4.jpg' }))
    expect(await screen.findByText('Cancelled')).toBeInTheDocument()
    await release(3)
    // The next photo waiting goes up; the cancelled one stays put.
    await release(1)
    expect(await screen.findByText('4 of 5 photos added')).toBeInTheDocument()
    expect(sent).toBe(4)

    await user.click(screen.getByRole('button', { name: 'Retry IMG_4.jpg' }))
    await release(1)
    expect(await screen.findByText('5 of 5 photos added')).toBeInTheDocument()
  })

  it('offers a photo without a place to the visit nearest in time, in one click', async () => {
    let moved: unknown = null
    server.use(
      onGet('/memory/getPhotoImport', {
        drafts: [draft({})],
        unplaced: [{ ...photo('loose.jpg', { takenOn: '2025-06-04' }), suggestedDraftId: 'd-lisbon' }],
        souvenirsLeftToday: 5,
      }),
      onPost('/memory/moveImportedPhoto', async (request) => {
        moved = await request.json()
        return null
      }),
    )
    const { user } = renderWithProviders(<MemoriesFromPhotosPage />, { route: '/memoriesFromPhotos' })
    const tray = await screen.findByRole('region', { name: 'Photos to place' })
    await user.click(within(tray).getByRole('button', { name: 'Add to Lisbon' }))
    await waitFor(() => expect(moved).toEqual({ pictureFileName: 'loose.jpg', draftId: 'd-lisbon' }))
  })

  it('gives a photo without a place a visit of its own through the place search', async () => {
    let started: unknown = null
    server.use(
      onGet('/memory/getPhotoImport', {
        drafts: [],
        unplaced: [{ ...photo('loose.jpg', { takenOn: '2025-06-04' }), suggestedDraftId: null }],
        souvenirsLeftToday: 5,
      }),
      onGet('/searchPlaces', (request) =>
        new URL(request.url).searchParams.get('query') === 'porto'
          ? [
              {
                cardSetId: 'pt-porto',
                cardId: 'pt-porto-1',
                placeName: 'Porto',
                placeKind: 'city',
                countryName: 'Portugal',
                collectionId: 'great-cities',
                collectionName: 'Great Cities',
              },
            ]
          : [],
      ),
      onPost('/memory/startVisitFromPhoto', async (request) => {
        started = await request.json()
        return { draftId: 'd-porto' }
      }),
    )
    const { user } = renderWithProviders(<MemoriesFromPhotosPage />, { route: '/memoriesFromPhotos' })
    const tray = await screen.findByRole('region', { name: 'Photos to place' })
    await user.click(within(tray).getByRole('button', { name: /Options for photo taken/ }))
    await user.click(await screen.findByRole('menuitem', { name: 'Choose its place…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Where was this photo taken?' })
    await user.type(within(dialog).getByLabelText('Search places'), 'porto')
    await user.click(await within(dialog).findByRole('button', { name: /Porto/ }))
    await waitFor(() => expect(started).toEqual({ pictureFileName: 'loose.jpg', cardSetId: 'pt-porto' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('keeps as many photos as a memory holds, spread over the visit and one taken there, in one click', async () => {
    const removed: string[] = []
    // Fourteen photos of which only the second was taken in Lisbon itself.
    const photos = Array.from({ length: MEMORY_PICTURES_MAX + 2 }, (_, index) =>
      photo(`p${index}.jpg`, { place: index === 1 ? LISBON : null, draftId: 'd-lisbon' }),
    )
    server.use(
      onGet('/memory/getPhotoImport', () => ({
        drafts: [
          draft({
            photos: photos.filter((each) => !removed.includes(each.pictureFileName)),
            blocked: removed.length === 2 ? null : PHOTO_IMPORT_TEXTS.tooManyPhotos(photos.length),
          }),
        ],
        unplaced: [],
        souvenirsLeftToday: 5,
      })),
      onPost('/memory/removeImportedPhoto', async (request) => {
        removed.push(((await request.json()) as { pictureFileName: string }).pictureFileName)
        return null
      }),
    )
    const { user } = renderWithProviders(<MemoriesFromPhotosPage />, { route: '/memoriesFromPhotos' })
    const lisbon = await screen.findByRole('region', { name: 'Lisbon' })
    await user.click(within(lisbon).getByRole('button', { name: `Keep ${MEMORY_PICTURES_MAX}, remove 2` }))
    await waitFor(() => expect(within(lisbon).getByRole('button', { name: 'Save memory of Lisbon' })).toBeEnabled())
    expect(removed).toHaveLength(2)
    expect(removed).not.toContain('p1.jpg')
    expect(removed).not.toContain('p0.jpg')
  })
})
