import { screen, waitFor, within } from '@testing-library/react'

import type { GiftUserCardBody, UserCard } from '@shared/collection'
import type { Friend } from '@shared/friends'
import { TEXTS } from '@shared/texts'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { cachedUser, renderApp } from '@test/helpers/render'

const me = makeUser({ userCardStats: { collectionCount: 1, cardCount: 1, rarityStats: [0, 0, 0, 0, 1] } })

const copy: UserCard = {
  userCardId: 'uc-1',
  cardId: 'jp-kyoto-5',
  cardName: 'Kyoto',
  cardRarity: 5,
  image: 'jp-kyoto-5',
  collectionId: 'great-cities',
  collectionName: 'Great Cities',
  cardDescription: 'Temples and gardens.',
  createdAt: '2026-03-14T09:30:00.000Z',
  products: 'Digital card draw',
  isOwner: true,
  ownerUsername: 'marta',
  placeVerified: false,
  memory: null,
}

/** The first screen of a test loads the lazy route chunk, which is slow on a busy machine. */
const FIRST_LOAD = { timeout: 15_000 }
jest.setTimeout(30_000)

function handlers(userCard: UserCard = copy) {
  return [
    onGet('/getUser', me),
    onGet('/checkNewNotifications', false),
    onGet('/getUserCard', userCard),
    onGet('/getRecycleValue', 8_000),
    onGet('/getCard', () => refusal(404, 'NotFound', 'Card not found', true)),
  ]
}

describe('UserCardPage', () => {
  it('shows the copy: image, name, rarity, collection, date and how it was acquired', async () => {
    server.use(...handlers())
    renderApp('/userCard/uc-1')

    expect(await screen.findByRole('heading', { level: 1, name: 'Kyoto' }, FIRST_LOAD)).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Kyoto, Legendary card' })).toBeInTheDocument()
    expect(screen.getByLabelText('Legendary rarity')).toBeInTheDocument()
    expect(screen.getByText('Great Cities')).toBeInTheDocument()
    expect(screen.getByText('2026-03-14')).toBeInTheDocument()
    expect(screen.getByText('Digital card draw')).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Share' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument()
  })

  it('recycles after confirmation, then shows the toast, updates the balance and opens the card page', async () => {
    let recycled: unknown = null
    const goneOnceRecycled =
      <Data,>(data: Data) =>
      () =>
        recycled ? refusal(404, 'NotFound', 'User card not found', true) : data
    server.use(
      onGet('/getUserCard', goneOnceRecycled(copy)),
      onGet('/getRecycleValue', goneOnceRecycled(8_000)),
      onPost('/recycleUserCard', (_request, body) => {
        recycled = body
        return { newUserDigitalCredit: 20_500 }
      }),
      // The header refetches the user after a recycle; the server then reports the new balance.
      onGet('/getUser', () => ({ ...me, digitalCredit: recycled ? 20_500 : me.digitalCredit })),
      ...handlers(),
    )
    const { user, router, store } = renderApp('/userCard/uc-1')

    await user.click(await screen.findByRole('button', { name: 'Recycle Card' }, FIRST_LOAD))
    const dialog = await screen.findByRole('dialog', { name: 'Recycle Card' })
    expect(await within(dialog).findByText('8,000')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Recycle' }))

    expect(await screen.findByText('Card recycled successfully')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/card/jp-kyoto-5'))
    expect(recycled).toEqual({ userCardId: 'uc-1' })
    expect(cachedUser(store)?.digitalCredit).toBe(20_500)
    expect(screen.queryByText('User card not found')).not.toBeInTheDocument()
  })

  it('leads a new copy with Add Memory, keeps Recycle Card quiet and warns when it is the only copy', async () => {
    server.use(...handlers({ ...copy, giftable: false }))
    const { user } = renderApp('/userCard/uc-1')

    const addMemory = await screen.findByRole('link', { name: 'Add Memory' }, FIRST_LOAD)
    const recycle = screen.getByRole('button', { name: 'Recycle Card' })
    // Add Memory comes first in reading order, and Recycle Card is not a filled (contained) button.
    expect(addMemory.compareDocumentPosition(recycle) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(recycle).not.toHaveClass('MuiButton-contained')

    await user.click(recycle)
    const dialog = await screen.findByRole('dialog', { name: 'Recycle Card' })
    expect(
      within(dialog).getByText('This is your only copy of Kyoto. Recycling it takes the place out of your collection.'),
    ).toBeInTheDocument()
  })

  it('does not warn about the only copy when the traveller has another', async () => {
    server.use(...handlers({ ...copy, giftable: true }))
    const { user } = renderApp('/userCard/uc-1')
    await user.click(await screen.findByRole('button', { name: 'Recycle Card' }, FIRST_LOAD))
    const dialog = await screen.findByRole('dialog', { name: 'Recycle Card' })
    expect(await within(dialog).findByText('8,000')).toBeInTheDocument()
    expect(within(dialog).queryByText(/only copy/)).not.toBeInTheDocument()
  })

  it('keeps the copy when the confirmation is cancelled', async () => {
    server.use(...handlers())
    const { user, router } = renderApp('/userCard/uc-1')
    await user.click(await screen.findByRole('button', { name: 'Recycle Card' }, FIRST_LOAD))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/userCard/uc-1')
  })

  it('offers no Recycle Card on someone else’s copy', async () => {
    server.use(...handlers({ ...copy, isOwner: false, ownerUsername: 'jonas' }))
    renderApp('/userCard/uc-1')
    expect(await screen.findByText('jonas', undefined, FIRST_LOAD)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Recycle Card' })).not.toBeInTheDocument()
  })

  it('labels a Souvenir copy and offers neither Recycle Card nor a gift, even without its memory', async () => {
    server.use(
      ...handlers({
        ...copy,
        products: 'Souvenir of a verified visit',
        souvenir: true,
        giftable: false,
        cardRarity: 1,
      }),
    )
    renderApp('/userCard/uc-1')
    expect(await screen.findByText('Souvenir of a verified visit', undefined, FIRST_LOAD)).toBeInTheDocument()
    expect(screen.getByText('Souvenir')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Recycle Card' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Gift to a friend' })).not.toBeInTheDocument()
  })

  it('shows "User card not found" when the copy cannot be loaded', async () => {
    server.use(
      onGet('/getUserCard', () => refusal(404, 'NotFound', 'User card not found', true)),
      ...handlers(),
    )
    renderApp('/userCard/nope')
    expect(await screen.findByText('User card not found', undefined, FIRST_LOAD)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument()
  })

  it('offers a retry, not "User card not found", when the server fails', async () => {
    let failing = true
    server.use(
      onGet('/getUserCard', () => (failing ? refusal(500, 'Internal', 'Database unavailable', true) : copy)),
      ...handlers(),
    )
    const { user } = renderApp('/userCard/uc-1')
    expect(
      await screen.findByText(TEXTS.technicalProblem('Database unavailable'), undefined, FIRST_LOAD),
    ).toBeInTheDocument()
    expect(screen.queryByText('User card not found')).not.toBeInTheDocument()
    failing = false
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Kyoto' })).toBeInTheDocument()
  })

  describe('Gift to a friend', () => {
    const lena: Friend = {
      userId: 'u-lena',
      username: 'lena',
      avatarId: 3,
      userLevel: 2,
      friendCode: 'LENA22',
      createdAt: '2026-10-01T00:00:00.000Z',
      userCardStats: { collectionCount: 0, cardCount: 0, rarityStats: [0, 0, 0, 0, 0] },
    }
    const olga: Friend = { ...lena, userId: 'u-olga', username: 'olga', friendCode: 'OLGA22' }
    const allowance = { dailyLimit: 10, giftsLeftToday: 7, resetsAt: '2026-11-21T00:00:00.000Z' }

    it('is offered only for a copy that can be given', async () => {
      server.use(...handlers({ ...copy, giftable: false }))
      renderApp('/userCard/uc-1')
      expect(await screen.findByRole('button', { name: 'Recycle Card' }, FIRST_LOAD)).toBeInTheDocument()
      expect(screen.queryByRole('button', { name: 'Gift to a friend' })).not.toBeInTheDocument()
    })

    it('gives the copy to the chosen friend, then says so and opens the card page', async () => {
      const sent: GiftUserCardBody[] = []
      server.use(
        ...handlers({ ...copy, giftable: true }),
        onGet('/friends/getMyFriends', [lena, olga]),
        onGet('/getGiftAllowance', allowance),
        onPost('/giftUserCard', (_request, body) => {
          sent.push(body as GiftUserCardBody)
          return { giftId: 'g1', userCardId: 'uc-1', friendUsername: 'olga', giftsLeftToday: 6 }
        }),
      )
      const { user, router } = renderApp('/userCard/uc-1')
      await user.click(await screen.findByRole('button', { name: 'Gift to a friend' }, FIRST_LOAD))
      const dialog = await screen.findByRole('dialog', { name: 'Gift to a friend' })
      expect(await within(dialog).findByText('You can give 7 more cards today.')).toBeInTheDocument()
      const give = within(dialog).getByRole('button', { name: 'Give' })
      expect(give).toBeDisabled()
      await user.click(within(dialog).getByRole('radio', { name: 'olga' }))
      await user.click(give)

      expect(await screen.findByText('You gave Kyoto to olga.')).toBeInTheDocument()
      await waitFor(() => expect(router.state.location.pathname).toBe('/card/jp-kyoto-5'))
      expect(sent).toEqual([{ userCardId: 'uc-1', friendUserId: 'u-olga' }])
    })

    it('shows a refusal in the dialog and keeps it open', async () => {
      server.use(
        ...handlers({ ...copy, giftable: true }),
        onGet('/friends/getMyFriends', [lena]),
        onGet('/getGiftAllowance', allowance),
        onPost('/giftUserCard', () => refusal(422, 'RuleViolation', 'You can give cards only to your friends.', true)),
      )
      const { user } = renderApp('/userCard/uc-1')
      await user.click(await screen.findByRole('button', { name: 'Gift to a friend' }, FIRST_LOAD))
      const dialog = await screen.findByRole('dialog', { name: 'Gift to a friend' })
      await user.click(await within(dialog).findByRole('radio', { name: 'lena' }))
      await user.click(within(dialog).getByRole('button', { name: 'Give' }))
      expect(await within(dialog).findByText('You can give cards only to your friends.')).toBeInTheDocument()
    })

    it('asks to add a friend first', async () => {
      server.use(
        ...handlers({ ...copy, giftable: true }),
        onGet('/friends/getMyFriends', []),
        onGet('/getGiftAllowance', allowance),
      )
      const { user } = renderApp('/userCard/uc-1')
      await user.click(await screen.findByRole('button', { name: 'Gift to a friend' }, FIRST_LOAD))
      const dialog = await screen.findByRole('dialog', { name: 'Gift to a friend' })
      expect(await within(dialog).findByRole('link', { name: 'My Friends' })).toHaveAttribute('href', '/myFriends')
      expect(within(dialog).getByRole('button', { name: 'Give' })).toBeDisabled()
    })

    it('tells when the day’s gifts are used up', async () => {
      server.use(
        ...handlers({ ...copy, giftable: true }),
        onGet('/friends/getMyFriends', [lena]),
        onGet('/getGiftAllowance', { ...allowance, giftsLeftToday: 0 }),
      )
      const { user } = renderApp('/userCard/uc-1')
      await user.click(await screen.findByRole('button', { name: 'Gift to a friend' }, FIRST_LOAD))
      const dialog = await screen.findByRole('dialog', { name: 'Gift to a friend' })
      expect(
        await within(dialog).findByText(
          'You have given 10 cards today, the most a day allows. You can give again from 2026-11-21 (midnight UTC).',
        ),
      ).toBeInTheDocument()
      expect(within(dialog).getByRole('radio', { name: 'lena' })).toBeDisabled()
      expect(within(dialog).getByRole('button', { name: 'Give' })).toBeDisabled()
    })
  })
})
