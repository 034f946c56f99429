import type { BaseQueryApi } from '@reduxjs/toolkit/query'

import type { Call } from '@shared/calls'
import { uploadMemoryPicture as uploadMemoryPictureCall } from '@shared/calls/memories'
import { importPhoto as importPhotoCall } from '@shared/calls/photoImport'
import type { Envelope } from '@shared/envelope'
import type { UploadMemoryPictureResult } from '@shared/memories'
import type { ImportedPhoto } from '@shared/photoImport'

import type { ApiError } from '../../api/errors'
import { authorizationObserved } from '../../api/sessionEvents'
import type { RootState } from '../../app/store'
import { API_BASE_URL, API_KEY } from '../../lib/config'
import { replayRefusal } from '../../lib/qaReplay/replayStatus'

import type { ImportPhotoArgs, UploadMemoryPictureArgs } from './api'

interface Upload {
  call: Call
  query: string
  file: File
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
}

/** What the traveller sees for an upload they cancelled; the screen shows it as "Cancelled", not as a failure. */
export const UPLOAD_CANCELLED = 'Cancelled'

/** fetch cannot report upload progress, so pictures go up through XMLHttpRequest with the same headers and envelope. */
function uploadWithProgress(
  { call, query, file, onProgress, signal }: Upload,
  authKey: string | null,
  onAuthorization: (authorized: boolean, failed: boolean) => void,
): Promise<{ data: unknown } | { error: ApiError }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest()
    if (signal?.aborted) {
      resolve({ error: { kind: 'network', status: 0, errorCode: null, message: UPLOAD_CANCELLED } })
      return
    }
    signal?.addEventListener('abort', () => request.abort(), { once: true })
    request.onabort = () =>
      resolve({ error: { kind: 'network', status: 0, errorCode: null, message: UPLOAD_CANCELLED } })
    request.open(call.method, `${API_BASE_URL}${call.url}${query}`)
    request.setRequestHeader('X-Api-Key', API_KEY)
    if (authKey) request.setRequestHeader('X-Auth-Key', authKey)
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total)
    }
    request.onerror = () => resolve({ error: { kind: 'network', status: 0, errorCode: null, message: 'No response' } })
    request.onload = () => {
      let body: Envelope<unknown> | null
      try {
        body = JSON.parse(request.responseText) as Envelope<unknown>
      } catch {
        body = null
      }
      const succeeded = request.status >= 200 && request.status < 300 && body?.metadata.status === true
      if (body?.metadata) onAuthorization(body.metadata.authorized, !succeeded)
      if (succeeded && body) {
        onProgress?.(1)
        resolve({ data: body.data })
        return
      }
      resolve({
        error: {
          kind: 'http',
          status: request.status,
          errorCode: body?.metadata.errorCode ?? null,
          message: body?.metadata.message ?? '',
        },
      })
    }
    const form = new FormData()
    form.append('file', file)
    request.send(form)
  })
}

/** The upload mutation's work: refused while a recorded state is replayed, otherwise sent with the session's token. */
export async function uploadMemoryPicture(
  args: UploadMemoryPictureArgs,
  api: BaseQueryApi,
): Promise<{ data: UploadMemoryPictureResult } | { error: ApiError }> {
  const refused = await replayRefusal(api)
  if (refused) return { error: refused }
  const authKey = (api.getState() as RootState).session.authKey
  const { file, userCardId, onProgress } = args
  const query = userCardId ? `?userCardId=${encodeURIComponent(userCardId)}` : ''
  // The route's schema shapes what a success carries.
  return uploadWithProgress({ call: uploadMemoryPictureCall, query, file, onProgress }, authKey, (authorized, failed) =>
    api.dispatch(authorizationObserved({ authorized, failed })),
  ) as Promise<{ data: UploadMemoryPictureResult } | { error: ApiError }>
}

/** One photo of the photo import, with progress and cancel (docs/product.md#memories-from-photos). */
export async function importPhoto(
  { file, onProgress, signal }: ImportPhotoArgs,
  api: BaseQueryApi,
): Promise<{ data: ImportedPhoto } | { error: ApiError }> {
  const refused = await replayRefusal(api)
  if (refused) return { error: refused }
  const authKey = (api.getState() as RootState).session.authKey
  return uploadWithProgress(
    { call: importPhotoCall, query: '', file, onProgress, signal },
    authKey,
    (authorized, failed) => api.dispatch(authorizationObserved({ authorized, failed })),
  ) as Promise<{ data: ImportedPhoto } | { error: ApiError }>
}
