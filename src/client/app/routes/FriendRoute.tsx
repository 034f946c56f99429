import { FriendPage } from '../../features/friends/FriendPage'

import { renderReportAction } from './reportAction'

/** /friend/{userId}: a friend's page, with Report beside their name. */
export function FriendRoute() {
  return <FriendPage renderReportAction={renderReportAction} />
}
