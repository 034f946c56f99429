import { screen, waitFor } from '@testing-library/react'

import type { Notification } from '@shared/notifications'
import { TEXTS } from '@shared/texts'
import { notificationsApi, selectNewNotification } from '@client/features/notifications/api'
import { NotificationsPage } from '@client/features/notifications/NotificationsPage'
import { onGet, onPost, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    notificationId: 'n1',
    title: 'New comment',
    notificationContent: 'jo commented on your Lisbon memory.',
    createdAt: '2025-06-02T08:00:00.000Z',
    read: false,
    link: null,
    ...overrides,
  }
}

// Screens with MUI render slowly in jsdom on a shared machine.
jest.setTimeout(20_000)

describe('NotificationsPage', () => {
  it('says the inbox is empty', async () => {
    server.use(onGet('/getNotifications', []))
    renderWithProviders(<NotificationsPage />, { route: '/notifications' })
    expect(await screen.findByText(TEXTS.empty.inbox)).toBeInTheDocument()
  })

  it('marks an unread notification with "new" and a Read button, and a read one with neither', async () => {
    server.use(
      onGet('/getNotifications', [
        makeNotification(),
        makeNotification({ notificationId: 'n2', title: 'Tagged', read: true }),
      ]),
    )
    renderWithProviders(<NotificationsPage />, { route: '/notifications' })
    expect(await screen.findByRole('article', { name: 'New comment' })).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Tagged' })).toBeInTheDocument()
    expect(screen.getAllByText('new')).toHaveLength(1)
    expect(screen.getAllByRole('button', { name: /^Read/ })).toHaveLength(1)
    expect(screen.getAllByText('2025-06-02')).toHaveLength(2)
  })

  it('reads a notification, reloads the list and checks the header flag again', async () => {
    let read = false
    let listLoads = 0
    let flagChecks = 0
    let posted: unknown = null
    server.use(
      onGet('/getNotifications', () => {
        listLoads += 1
        return [makeNotification({ read })]
      }),
      onPost('/readNotification', (_request, body) => {
        posted = body
        read = true
        return null
      }),
      onGet('/checkNewNotifications', () => {
        flagChecks += 1
        return !read
      }),
    )
    const { user, store } = renderWithProviders(<NotificationsPage />, { route: '/notifications' })
    await store.dispatch(notificationsApi.util.upsertQueryData('checkNewNotifications', undefined, true))
    expect(selectNewNotification(store.getState())).toBe(true)
    await user.click(await screen.findByRole('button', { name: /^Read/ }))

    await waitFor(() => expect(screen.queryByText('new')).not.toBeInTheDocument())
    expect(posted).toEqual({ notificationId: 'n1' })
    await waitFor(() => expect(listLoads).toBe(2))
    await waitFor(() => expect(flagChecks).toBeGreaterThan(0))
    await waitFor(() => expect(selectNewNotification(store.getState())).toBe(false))
  })

  it('opens what a notification is about and reads it on the way', async () => {
    let posted: unknown = null
    server.use(
      onGet('/getNotifications', [makeNotification({ link: '/viewMemory/m1/comments' })]),
      onPost('/readNotification', (_request, body) => {
        posted = body
        return null
      }),
      onGet('/checkNewNotifications', false),
    )
    const { user } = renderWithProviders(<NotificationsPage />, { route: '/notifications' })
    const open = await screen.findByRole('link', { name: 'Open: New comment' })
    expect(open).toHaveAttribute('href', '/viewMemory/m1/comments')
    await user.click(open)
    await waitFor(() => expect(posted).toEqual({ notificationId: 'n1' }))
  })

  it('offers no Open for a notification without a link', async () => {
    server.use(onGet('/getNotifications', [makeNotification()]))
    renderWithProviders(<NotificationsPage />, { route: '/notifications' })
    expect(await screen.findByRole('article', { name: 'New comment' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /^Open/ })).not.toBeInTheDocument()
  })

  it('marks all as read in one call, turns the header flag off, and offers it only while one is unread', async () => {
    let allRead = false
    let calls = 0
    server.use(
      onGet('/getNotifications', () => [
        makeNotification({ read: allRead }),
        makeNotification({ notificationId: 'n2', title: 'Tagged', read: allRead }),
        makeNotification({ notificationId: 'n3', title: 'New friend', read: true }),
      ]),
      onPost('/readAllNotifications', () => {
        calls += 1
        allRead = true
        return null
      }),
      onGet('/checkNewNotifications', () => !allRead),
    )
    const { user, store } = renderWithProviders(<NotificationsPage />, { route: '/notifications' })
    await store.dispatch(notificationsApi.util.upsertQueryData('checkNewNotifications', undefined, true))
    expect(await screen.findAllByText('new')).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }))

    await waitFor(() => expect(screen.queryByText('new')).not.toBeInTheDocument())
    expect(screen.queryByRole('button', { name: /^Read/ })).not.toBeInTheDocument()
    expect(calls).toBe(1)
    await waitFor(() => expect(selectNewNotification(store.getState())).toBe(false))
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument()
  })
})
