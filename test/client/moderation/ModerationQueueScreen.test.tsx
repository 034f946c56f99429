import { screen, within } from '@testing-library/react'

import type { ModerationQueueItem } from '@shared/moderation'
import { ModerationQueueScreen } from '@client/features/moderation/ModerationQueueScreen'
import { onGet, onPost, refusal, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

jest.setTimeout(20_000)

function entry(overrides: Partial<ModerationQueueItem> = {}): ModerationQueueItem {
  return {
    queueItemId: 'q1',
    itemType: 'memory',
    itemId: 'm1',
    version: 3,
    reportCount: 2,
    firstReportedAt: '2026-11-26T10:00:00.000Z',
    lastReportedAt: '2026-11-27T10:00:00.000Z',
    reports: [
      {
        reportId: 'r1',
        reporterUsername: 'anna',
        reason: 'spam',
        note: 'Links to a shop',
        createdAt: '2026-11-26T10:00:00.000Z',
      },
      { reportId: 'r2', reporterUsername: 'ben', reason: 'other', note: null, createdAt: '2026-11-27T10:00:00.000Z' },
    ],
    content: {
      exists: true,
      authorId: 'u9',
      authorUsername: 'carl',
      memory: {
        memoryId: 'm1',
        cardName: 'Lisbon',
        content: 'Cheap watches at example.com',
        visibility: 3,
        createdAt: '2026-11-20T10:00:00.000Z',
        hiddenAt: null,
        pictures: [],
      },
      comment: null,
      traveller: {
        userId: 'u9',
        username: 'carl',
        createdAt: '2026-01-01T00:00:00.000Z',
        memoryCount: 4,
        warningCount: 1,
        suspendedUntil: null,
        suspendedForGood: false,
      },
    },
    ...overrides,
  }
}

describe('ModerationQueueScreen', () => {
  it('shows each item with its content, its reports and reporters', async () => {
    server.use(onGet('/operator/moderation/queue', { items: [entry()] }))
    renderWithProviders(<ModerationQueueScreen />)
    const item = await screen.findByRole('article', { name: 'Memory by carl' })
    expect(item).toHaveTextContent('Cheap watches at example.com')
    expect(item).toHaveTextContent('2 reports')
    expect(item).toHaveTextContent('Spam · anna')
    expect(item).toHaveTextContent('Links to a shop')
    expect(item).toHaveTextContent('Something else · ben')
    expect(item).toHaveTextContent('1 warning')
  })

  it('says so when the queue is empty, and offers a retry when it cannot load', async () => {
    server.use(onGet('/operator/moderation/queue', { items: [] }))
    const { unmount } = renderWithProviders(<ModerationQueueScreen />)
    expect(await screen.findByText('No open reports. Everything reported has been looked at.')).toBeInTheDocument()
    unmount()
    server.use(onGet('/operator/moderation/queue', () => refusal(500, 'Internal', 'boom', true)))
    renderWithProviders(<ModerationQueueScreen />)
    expect(await screen.findByRole('button', { name: /Try Again/i })).toBeInTheDocument()
  })

  it('acts with the version it showed and the reason, and needs a reason first', async () => {
    let sent: unknown = null
    server.use(
      onGet('/operator/moderation/queue', { items: [entry()] }),
      onPost('/operator/moderation/act', (_request, body) => {
        sent = body
        return { outcome: 'suspended', reportsResolved: 2 }
      }),
    )
    const { user } = renderWithProviders(<ModerationQueueScreen />)
    const item = await screen.findByRole('article', { name: 'Memory by carl' })
    await user.click(within(item).getByRole('radio', { name: 'Suspend the author' }))
    const submit = within(item).getByRole('button', { name: 'Suspend the author' })
    expect(submit).toBeDisabled()
    await user.clear(within(item).getByRole('textbox', { name: /Days/ }))
    expect(within(item).getByText('Suspends for good.')).toBeInTheDocument()
    await user.type(within(item).getByRole('textbox', { name: /Days/ }), '30')
    await user.type(within(item).getByRole('textbox', { name: /Reason/ }), 'Spam shop')
    await user.click(submit)
    await screen.findByRole('article', { name: 'Memory by carl' })
    expect(sent).toEqual({ queueItemId: 'q1', version: 3, action: 'suspend', reason: 'Spam shop', days: 30 })
  })

  it('offers only Dismiss for an item deleted since it was reported, and shows a conflict', async () => {
    server.use(
      onGet('/operator/moderation/queue', {
        items: [entry({ content: { ...entry().content, exists: false, memory: null } })],
      }),
      onPost('/operator/moderation/act', () =>
        refusal(409, 'Conflict', 'Another moderator has acted on this item since you loaded it.', true),
      ),
    )
    const { user } = renderWithProviders(<ModerationQueueScreen />)
    const item = await screen.findByRole('article', { name: 'Memory by carl' })
    expect(
      within(item)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Dismiss'])
    await user.type(within(item).getByRole('textbox', { name: /Reason/ }), 'Gone')
    await user.click(within(item).getByRole('button', { name: 'Dismiss' }))
    expect(await screen.findAllByText(/Another moderator has acted/)).not.toHaveLength(0)
  })
})
