import { ViewMemoryPage } from '../../features/memories/ViewMemoryPage'

import { renderReportAction } from './reportAction'

/** /viewMemory/{memoryId}: the memory, with Report beside it and each other traveller's comment. */
export function ViewMemoryRoute() {
  return <ViewMemoryPage renderReportAction={renderReportAction} />
}
