import { useCallback, useEffect, useRef, useState } from 'react'

import { ACCOUNT_TEXTS } from '@shared/account'

import { baseApi } from '../../api/baseApi'
import { isApiError, toToast } from '../../api/errors'
import { sessionEnded } from '../../api/sessionEvents'
import { useAppDispatch, useAppSelector } from '../../lib/hooks'
import type { StoreExtra } from '../../lib/qaReplay/replayStatus'
import { enqueueSnackbar } from '../../lib/toast'

import { fetchDataExport, saveFile, type ExportProgress } from './dataExport'

const isReplaying = (_dispatch: unknown, _getState: unknown, extra: StoreExtra) => extra.replay.isReplaying()

export type DataExportState =
  | { step: 'idle' }
  | { step: 'preparing' }
  | { step: 'downloading'; progress: ExportProgress }
  | { step: 'saved'; fileName: string }
  | { step: 'failed'; message: string }

/**
 * Downloads the traveller's export (docs/product.md#account-export) and follows its progress. A session the server no
 * longer accepts ends as any call's would (docs/product.md#messages-request-handling); any other failure is shown in
 * place with a retry.
 */
export function useDataExport(): { state: DataExportState; start: () => void } {
  const dispatch = useAppDispatch()
  const authKey = useAppSelector((state) => state.session.authKey)
  const [state, setState] = useState<DataExportState>({ step: 'idle' })
  const running = useRef<AbortController | null>(null)

  // Leaving My Account stops reading the download.
  useEffect(() => () => running.current?.abort(), [])

  const start = useCallback(() => {
    // A state Redux DevTools shows is not the tester's session: nothing is fetched for it (docs/qa-replay.md).
    if (!authKey || running.current || dispatch(isReplaying)) return
    const controller = new AbortController()
    running.current = controller
    setState({ step: 'preparing' })
    fetchDataExport(authKey, (progress) => setState({ step: 'downloading', progress }), controller.signal)
      .then((download) => {
        saveFile(download)
        setState({ step: 'saved', fileName: download.fileName })
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        if (isApiError(error) && (error.status === 401 || error.status === 403)) {
          const { variant, message } = toToast(error)
          enqueueSnackbar(message, { variant })
          dispatch(sessionEnded('expired'))
          setTimeout(() => dispatch(baseApi.util.resetApiState()), 0)
          return
        }
        const refusal = isApiError(error) && error.kind === 'http' && error.status < 500 ? error.message : ''
        setState({ step: 'failed', message: refusal || ACCOUNT_TEXTS.exportFailed })
      })
      .finally(() => {
        if (running.current === controller) running.current = null
      })
  }, [authKey, dispatch])

  return { state, start }
}
