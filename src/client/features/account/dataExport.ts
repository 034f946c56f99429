import { EXPORT_ESTIMATE_HEADER } from '@shared/account'
import { exportMyData } from '@shared/calls/account'
import type { Envelope } from '@shared/envelope'

import type { ApiError } from '../../api/errors'
import { API_BASE_URL, API_KEY } from '../../lib/config'

/** How much of the export has arrived: bytes so far, and about how many the server expects to send. */
export interface ExportProgress {
  received: number
  /** The server's estimate (docs/export-format.md#size); null when it sent none. */
  estimated: number | null
}

export interface DownloadedExport {
  blob: Blob
  fileName: string
}

const FALLBACK_FILE_NAME = 'wandercards-export.zip'

function fileNameOf(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? FALLBACK_FILE_NAME
}

/** A failed export, described as any failed call is (ApiError), so the shared handling reads it the same way. */
export class DataExportError extends Error implements ApiError {
  constructor(
    readonly kind: ApiError['kind'],
    readonly status: number,
    readonly errorCode: string | null,
    message: string,
  ) {
    super(message)
    this.name = 'DataExportError'
  }
}

async function refusalOf(response: Response): Promise<DataExportError> {
  const body = (await response.json().catch(() => null)) as Envelope<unknown> | null
  return new DataExportError('http', response.status, body?.metadata.errorCode ?? null, body?.metadata.message ?? '')
}

/**
 * Fetches the export with the session's token (a login-only call, so not a plain link) and reads it as it streams in,
 * telling `onProgress` after each piece; the pieces become one Blob at the end. Throws on a refusal or a
 * broken connection (DataExportError).
 */
export async function fetchDataExport(
  authKey: string,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<DownloadedExport> {
  let response: Response
  try {
    response = await fetch(`${API_BASE_URL}${exportMyData.url}`, {
      headers: { 'X-Api-Key': API_KEY, 'X-Auth-Key': authKey },
      signal,
    })
  } catch (error) {
    throw networkError(error)
  }
  if (!response.ok || !response.body) throw await refusalOf(response)
  const estimate = Number(response.headers.get(EXPORT_ESTIMATE_HEADER))
  const estimated = Number.isFinite(estimate) && estimate > 0 ? estimate : null
  const reader = response.body.getReader()
  const pieces: Uint8Array<ArrayBuffer>[] = []
  let received = 0
  onProgress({ received, estimated })
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      pieces.push(value)
      received += value.byteLength
      onProgress({ received, estimated })
    }
  } catch (error) {
    throw networkError(error)
  }
  return {
    blob: new Blob(pieces, { type: 'application/zip' }),
    fileName: fileNameOf(response.headers.get('content-disposition')),
  }
}

function networkError(error: unknown): DataExportError {
  return new DataExportError('network', 0, null, error instanceof Error ? error.message : '')
}

/** Hands the file to the browser's downloads, as a link with `download` would. */
export function saveFile({ blob, fileName }: DownloadedExport): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has started the download from the link by now; the object URL can go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
