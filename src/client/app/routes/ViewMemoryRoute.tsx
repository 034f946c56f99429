import { ViewMemoryPage } from '../../features/memories/ViewMemoryPage'
import { MemoryTripAction } from '../../features/trips/components/MemoryTripAction'

import { renderReportAction } from './reportAction'
import { renderTravellerActions } from './travellerActions'

/**
 * /viewMemory/{memoryId}: the memory, with the actions on its author and each commenter, Report beside it and each
 * other traveller's comment, and for its author the trip that holds it.
 */
export function ViewMemoryRoute() {
  return (
    <ViewMemoryPage
      renderTravellerActions={renderTravellerActions}
      renderReportAction={renderReportAction}
      renderOwnerActions={(memory) => <MemoryTripAction memoryId={memory.memoryId} />}
    />
  )
}
