import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import { lazy, Suspense, useState } from 'react'

import { MODERATION_TEXTS } from '@shared/moderationTexts'

import type { ReportTarget } from '../../../components/reportAction'

const ReportDialog = lazy(async () => ({
  default: (await import(/* webpackChunkName: "report-dialog" */ './ReportDialog')).ReportDialog,
}))

const WHAT = { memory: 'memory', comment: 'comment', traveller: 'traveller' } as const

/** "Report" beside a memory, a comment or a traveller; the dialog loads in its own chunk when first opened. */
export function ReportButton(target: ReportTarget) {
  const [open, setOpen] = useState(false)
  const label =
    target.itemType === 'traveller'
      ? `${MODERATION_TEXTS.reportMenuItem} ${target.username}`
      : `${MODERATION_TEXTS.reportMenuItem} ${WHAT[target.itemType]} by ${target.username}`
  return (
    <>
      <Tooltip title={MODERATION_TEXTS.reportMenuItem}>
        <IconButton size="small" aria-label={label} onClick={() => setOpen(true)}>
          <OutlinedFlagIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
