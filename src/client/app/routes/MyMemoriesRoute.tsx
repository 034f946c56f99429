import { MyMemoriesPage } from '../../features/memories/MyMemoriesPage'
import { MyTrips } from '../../features/trips/components/MyTrips'

/** /myMemories: my memories, with My Trips above them. */
export function MyMemoriesRoute() {
  return <MyMemoriesPage trips={<MyTrips />} />
}
