import type { ReactNode } from 'react'

import type { ReportItemType } from '@shared/moderation'

/** Something another traveller wrote or is, which a screen offers to report (docs/product.md#reports-and-moderation). */
export interface ReportTarget {
  itemType: ReportItemType
  itemId: string
  /** Whose it is, for the button's accessible name ("Report memory by anna"). */
  username: string
}

/** What a screen draws beside a report target: the moderation feature's Report button, composed by app/. */
export type RenderReportAction = (target: ReportTarget) => ReactNode
