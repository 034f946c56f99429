import { screen, within } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'

import { BLOCK_TEXTS, type ListedTraveller, type TravellerBody } from '@shared/blocks'
import { MyAccountRoute } from '@client/app/routes/MyAccountRoute'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, onPost, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

jest.setTimeout(20_000)

const jo: ListedTraveller = { userId: 'u-jo', username: 'jo', avatarId: 2, since: '2026-11-20T10:00:00.000Z' }
const ana: ListedTraveller = { userId: 'u-ana', username: 'ana', avatarId: 1, since: '2026-11-21T10:00:00.000Z' }

function renderAccount() {
  return renderWithProviders(
    <Routes>
      <Route path="/myAccount" element={<MyAccountRoute />} />
    </Routes>,
    { route: '/myAccount' },
  )
}

describe('BlockedTravellers on My Account', () => {
  let blocked: ListedTraveller[]
  let muted: ListedTraveller[]
  const unblocked: TravellerBody[] = []
  beforeEach(() => {
    blocked = [jo]
    muted = [ana]
    unblocked.length = 0
    server.use(
      onGet('/checkNewNotifications', false),
      onGet('/getUser', makeUser({ username: 'marta' })),
      onGet('/mail/getEmailPreferences', { notificationDigest: false }),
      onGet('/blocks/getBlockedTravellers', () => blocked),
      onGet('/blocks/getMutedTravellers', () => muted),
      onPost('/blocks/unblockTraveller', (_request, body) => {
        unblocked.push(body as TravellerBody)
        blocked = []
        return null
      }),
      onPost('/blocks/unmuteTraveller', () => {
        muted = []
        return null
      }),
    )
  })

  it('lists blocked and muted travellers with the date, and unblocks one', async () => {
    const { user } = renderAccount()
    const section = await screen.findByRole('region', { name: BLOCK_TEXTS.blockedTitle })
    expect(await within(section).findByText('jo')).toBeInTheDocument()
    expect(within(section).getByText('Since 2026-11-20')).toBeInTheDocument()
    await user.click(within(section).getByRole('button', { name: 'Unblock jo' }))
    expect(await screen.findByText(BLOCK_TEXTS.unblocked('jo'))).toBeInTheDocument()
    expect(await within(section).findByText(BLOCK_TEXTS.noneBlocked)).toBeInTheDocument()
    expect(unblocked).toEqual([{ travellerId: 'u-jo' }])
  })

  it('unmutes a muted traveller', async () => {
    const { user } = renderAccount()
    const section = await screen.findByRole('region', { name: BLOCK_TEXTS.mutedTitle })
    await user.click(await within(section).findByRole('button', { name: 'Unmute ana' }))
    expect(await screen.findByText(BLOCK_TEXTS.unmuted('ana'))).toBeInTheDocument()
    expect(await within(section).findByText(BLOCK_TEXTS.noneMuted)).toBeInTheDocument()
  })

  it('says so when nobody is blocked or muted', async () => {
    blocked = []
    muted = []
    renderAccount()
    expect(await screen.findByText(BLOCK_TEXTS.noneBlocked)).toBeInTheDocument()
    expect(await screen.findByText(BLOCK_TEXTS.noneMuted)).toBeInTheDocument()
  })
})
