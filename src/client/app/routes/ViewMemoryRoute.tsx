import { ViewMemoryPage } from '../../features/memories/ViewMemoryPage'

import { renderTravellerActions } from './travellerActions'

/** /viewMemory/{memoryId}: the memory, with the actions on its author and on each commenter. */
export function ViewMemoryRoute() {
  return <ViewMemoryPage renderTravellerActions={renderTravellerActions} />
}
