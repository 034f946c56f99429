import { MyFriendsPage } from '../../features/friends/MyFriendsPage'

import { renderTravellerActions } from './travellerActions'

/** /myFriends: the friend list, with the actions on each friend. */
export function MyFriendsRoute() {
  return <MyFriendsPage renderTravellerActions={renderTravellerActions} />
}
