import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack'
import { useEffect } from 'react'

import { TOAST_DURATION_MS } from '@shared/constants'

import { attachToastSink } from '../../lib/toast'

export function NotistackHost() {
  useEffect(
    () =>
      attachToastSink({
        enqueue: (message, options) => enqueueSnackbar(message, options),
        close: (key) => closeSnackbar(key),
      }),
    [],
  )
  return (
    <SnackbarProvider
      maxSnack={4}
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
    />
  )
}
