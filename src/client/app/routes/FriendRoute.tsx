import type { RenderTravelledTrips } from '../../components/travelledTrips'
import { FriendPage } from '../../features/friends/FriendPage'
import { TravelledTrips } from '../../features/trips/components/TravelledTrips'

import { renderReportAction } from './reportAction'
import { renderTravellerActions } from './travellerActions'

const renderTrips: RenderTravelledTrips = (trips, username) => <TravelledTrips trips={trips} username={username} />

/** /friend/{userId}: a friend's page, with the actions on them, Report beside their name and their trips. */
export function FriendRoute() {
  return (
    <FriendPage
      renderTravellerActions={renderTravellerActions}
      renderReportAction={renderReportAction}
      renderTrips={renderTrips}
    />
  )
}
