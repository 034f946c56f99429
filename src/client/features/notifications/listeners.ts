import { NOTIFICATION_POLL_MS } from '@shared/constants'

import type { AppStartListening } from '../../api/listeners'
import { sessionEnded } from '../../api/sessionEvents'
import { waitOrUntilShown, whenPageVisible } from '../../lib/visibility'
import { sessionBegan } from '../session/api'

import { notificationsApi } from './api'

/**
 * Notifications are checked at once and then every 10 s while the session lasts; a new session restarts the loop.
 * A hidden tab is not polled: the loop waits until the tab is shown and then checks at once. Nor is a recorded state
 * shown in Redux DevTools: the loop waits for the live state.
 */
export function addNotificationListeners(startListening: AppStartListening): void {
  startListening({
    matcher: sessionBegan,
    effect: async (_action, api) => {
      api.cancelActiveListeners()
      const poll = api.fork(async (forkApi) => {
        for (;;) {
          await forkApi.pause(whenPageVisible(forkApi.signal))
          // A recorded state shown in Redux DevTools holds the recording's session, not the tester's.
          await forkApi.pause(api.extra.replay.whenLive(forkApi.signal))
          await api.dispatch(
            notificationsApi.endpoints.checkNewNotifications.initiate(undefined, {
              subscribe: false,
              forceRefetch: true,
            }),
          )
          await forkApi.pause(waitOrUntilShown(NOTIFICATION_POLL_MS, forkApi.signal))
        }
      })
      await api.condition((action) => sessionEnded.match(action))
      poll.cancel()
    },
  })
}
