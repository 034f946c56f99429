import { ViewMemoryPage } from '../../features/memories/ViewMemoryPage'

import { renderReportAction } from './reportAction'
import { renderTravellerActions } from './travellerActions'

/** /viewMemory/{memoryId}: the memory, with the actions on its author and each commenter, and Report beside it and each other traveller's comment. */
export function ViewMemoryRoute() {
  return <ViewMemoryPage renderTravellerActions={renderTravellerActions} renderReportAction={renderReportAction} />
}
