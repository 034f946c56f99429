import { FriendPage } from '../../features/friends/FriendPage'

import { renderReportAction } from './reportAction'
import { renderTravellerActions } from './travellerActions'

/** /friend/{userId}: a friend's page, with the actions on them and Report beside their name. */
export function FriendRoute() {
  return <FriendPage renderTravellerActions={renderTravellerActions} renderReportAction={renderReportAction} />
}
