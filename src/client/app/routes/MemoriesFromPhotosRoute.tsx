import { MemoriesFromPhotosPage } from '../../features/memories/MemoriesFromPhotosPage'
import { TripFromMemories } from '../../features/trips/components/TripFromMemories'

/** /memoriesFromPhotos: the photo flow, which offers to make a trip of the visits it saved. */
export function MemoriesFromPhotosRoute() {
  return <MemoriesFromPhotosPage renderTripAction={(memoryIds) => <TripFromMemories memoryIds={memoryIds} />} />
}
