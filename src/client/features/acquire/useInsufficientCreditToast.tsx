import Button from '@mui/material/Button'
import { useCallback } from 'react'
import { useNavigate } from 'react-router-dom'

import { TEXTS } from '@shared/texts'

import { formatCredit } from '../../lib/format'
import { paths } from '../../lib/paths'
import { closeSnackbar, enqueueSnackbar } from '../../lib/toast'

/** The missing amount of an InsufficientCredit refusal ("Insufficient credit: 1500 more needed."), if the message carries it. */
export function missingFromMessage(message: string): number | null {
  const digits = /(\d[\d,]*)\s+more/.exec(message)?.[1]
  return digits ? Number(digits.replace(/,/g, '')) : null
}

/** A persistent warning with a "Get More Digital Credits" button to the wallet (docs/product.md#draw-states). */
export function useInsufficientCreditToast(): (missing: number) => void {
  const navigate = useNavigate()
  return useCallback(
    (missing: number) => {
      enqueueSnackbar(TEXTS.insufficientCredit(formatCredit(missing)), {
        variant: 'warning',
        persist: true,
        preventDuplicate: true,
        action: (key) => (
          <>
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                closeSnackbar(key)
                navigate(paths.myWallet.href())
              }}
            >
              {TEXTS.getMoreCredits}
            </Button>
            <Button color="inherit" size="small" aria-label="Dismiss" onClick={() => closeSnackbar(key)}>
              ✕
            </Button>
          </>
        ),
      })
    },
    [navigate],
  )
}
