import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit'

import * as notificationsCalls from '@shared/calls/notifications'
import type { CallBody, CallResponse } from '@shared/calls/schemas'
import type { Notification } from '@shared/notifications'

import { baseApi } from '../../api/baseApi'

export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Polled every 10 s by the notification listener; silent on failure (docs/product.md#session-states). The answer
     * is the header's flag, kept until the session ends although no screen subscribes to it.
     */
    checkNewNotifications: build.query<CallResponse<'checkNewNotifications'>, void>({
      query: () => notificationsCalls.checkNewNotifications,
      extraOptions: { silentErrors: true },
      keepUnusedDataFor: Infinity,
    }),
    getNotifications: build.query<CallResponse<'getNotifications'>, void>({
      query: () => notificationsCalls.getNotifications,
      providesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
    /** Marked read at once; the list reloads and the header's flag is checked again, so it goes off with the last unread. */
    readNotification: build.mutation<CallResponse<'readNotification'>, CallBody<'readNotification'>>({
      query: (body) => ({ ...notificationsCalls.readNotification, body }),
      onQueryStarted: ({ notificationId }, lifecycle) =>
        readAtOnce(lifecycle, (list) => {
          const notification = list.find((item) => item.notificationId === notificationId)
          if (notification) notification.read = true
        }),
      invalidatesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
    /** "Mark all as read": every one shows read at once; the header's flag goes off with the answer. */
    readAllNotifications: build.mutation<CallResponse<'readAllNotifications'>, void>({
      query: () => notificationsCalls.readAllNotifications,
      onQueryStarted: (_arg, lifecycle) =>
        readAtOnce(lifecycle, (list) => {
          for (const notification of list) notification.read = true
        }),
      invalidatesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
  }),
})

/** What RTK Query hands a mutation's onQueryStarted, which it types with `any` itself. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the library's own type for a lifecycle's dispatch
type LifecycleDispatch = ThunkDispatch<any, any, UnknownAction>

/**
 * Shows the cached list as `mark` leaves it while the call is on its way, back as it was if the call fails; once it
 * succeeds the header's flag is checked again.
 */
async function readAtOnce(
  { dispatch, queryFulfilled }: { dispatch: LifecycleDispatch; queryFulfilled: Promise<unknown> },
  mark: (list: Notification[]) => void,
): Promise<void> {
  const patch = dispatch(notificationsApi.util.updateQueryData('getNotifications', undefined, mark))
  try {
    await queryFulfilled
  } catch {
    patch.undo()
    return
  }
  await dispatch(
    notificationsApi.endpoints.checkNewNotifications.initiate(undefined, { subscribe: false, forceRefetch: true }),
  )
}

export const {
  useCheckNewNotificationsQuery,
  useGetNotificationsQuery,
  useReadNotificationMutation,
  useReadAllNotificationsMutation,
} = notificationsApi

const selectNotificationCheck = notificationsApi.endpoints.checkNewNotifications.select()

/** The header's flag: the last check found an unread notification. */
export const selectNewNotification = (state: Parameters<typeof selectNotificationCheck>[0]) =>
  selectNotificationCheck(state).data === true
