import type { RenderReportAction } from '../../components/reportAction'
import { ReportButton } from '../../features/moderation/components/ReportButton'

/** Report beside another traveller's memory, comment or name: the moderation feature's button and its lazy dialog. */
export const renderReportAction: RenderReportAction = (target) => <ReportButton {...target} />
