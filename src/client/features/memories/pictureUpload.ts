import type { BaseQueryApi } from '@reduxjs/toolkit/query'

import { uploadMemoryPicture as uploadMemoryPictureCall } from '@shared/calls/memories'
import type { Envelope } from '@shared/envelope'
import type { UploadMemoryPictureResult } from '@shared/memories'

import type { ApiError } from '../../api/errors'
import { authorizationObserved } from '../../api/sessionEvents'
import type { RootState } from '../../app/store'
import { API_BASE_URL, API_KEY } from '../../lib/config'
import { replayRefusal } from '../../lib/qaReplay/replayStatus'

import type { UploadMemoryPictureArgs } from './api'

/** fetch cannot report upload progress, so pictures go up through XMLHttpRequest with the same headers and envelope. */
function uploadWithProgress(
  { file, userCardId, onProgress }: UploadMemoryPictureArgs,
  authKey: string | null,
  onAuthorization: (authorized: boolean, failed: boolean) => void,
): Promise<{ data: UploadMemoryPictureResult } | { error: ApiError }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest()
    const query = userCardId ? `?userCardId=${encodeURIComponent(userCardId)}` : ''
    request.open(uploadMemoryPictureCall.method, `${API_BASE_URL}${uploadMemoryPictureCall.url}${query}`)
    request.setRequestHeader('X-Api-Key', API_KEY)
    if (authKey) request.setRequestHeader('X-Auth-Key', authKey)
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total)
    }
    request.onerror = () => resolve({ error: { kind: 'network', status: 0, errorCode: null, message: 'No response' } })
    request.onload = () => {
      let body: Envelope<UploadMemoryPictureResult> | null
      try {
        body = JSON.parse(request.responseText) as Envelope<UploadMemoryPictureResult>
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
  return uploadWithProgress(args, authKey, (authorized, failed) =>
    api.dispatch(authorizationObserved({ authorized, failed })),
  )
}
