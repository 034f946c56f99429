import { FriendPage } from '../../features/friends/FriendPage'

import { renderTravellerActions } from './travellerActions'

/** /friend/{userId}: a friend's page, with the actions on them. */
export function FriendRoute() {
  return <FriendPage renderTravellerActions={renderTravellerActions} />
}
