import { act, screen } from '@testing-library/react'

import { TAG_SEARCH_DEBOUNCE_MS } from '@shared/constants'
import { TagFriendsInput } from '@client/features/memories/components/TagFriendsInput'
import { onGet, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

const friends = [
  { userId: 'u-jo', username: 'jo', avatarId: 2, userLevel: 1 },
  { userId: 'u-jon', username: 'jon', avatarId: 4, userLevel: 3 },
]

jest.setTimeout(20_000)

describe('TagFriendsInput', () => {
  let searched: string[]
  beforeEach(() => {
    searched = []
    server.use(
      onGet('/friends/searchFriends', (request) => {
        searched.push(new URL(request.url).searchParams.get('name') ?? '')
        return friends
      }),
    )
  })

  it('searches once, a second after the last keystroke, and leaves out friends already tagged', async () => {
    const onChange = jest.fn()
    const { user } = renderWithProviders(
      <TagFriendsInput value={[{ userId: 'u-jo', username: 'jo' }]} onChange={onChange} />,
    )
    await user.type(screen.getByRole('combobox', { name: 'Tag friends' }), 'jo')
    expect(searched).toEqual([])

    expect(
      await screen.findByRole('option', { name: '@jon' }, { timeout: TAG_SEARCH_DEBOUNCE_MS + 2000 }),
    ).toBeInTheDocument()
    expect(searched).toEqual(['jo'])
    expect(screen.queryByRole('option', { name: '@jo' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('option', { name: '@jon' }))
    expect(onChange).toHaveBeenCalledWith([
      { userId: 'u-jo', username: 'jo' },
      { userId: 'u-jon', username: 'jon' },
    ])
  })

  it('does not search for an empty name', async () => {
    const { user } = renderWithProviders(<TagFriendsInput value={[]} onChange={jest.fn()} />)
    await user.type(screen.getByRole('combobox', { name: 'Tag friends' }), '   ')
    await act(() => new Promise((resolve) => setTimeout(resolve, TAG_SEARCH_DEBOUNCE_MS + 300)))
    expect(searched).toEqual([])
  })
})
