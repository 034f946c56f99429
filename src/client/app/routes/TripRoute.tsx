import { TripRouteMap } from '../../features/travel/components/TripRouteMap'
import { TripPage } from '../../features/trips/TripPage'

/** /trip/{tripId}: the trip, with its route drawn on the travel map. */
export function TripRoute() {
  return <TripPage renderRouteMap={(places) => <TripRouteMap places={places} />} />
}
