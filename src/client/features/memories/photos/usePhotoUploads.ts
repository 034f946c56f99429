import { useCallback, useEffect, useRef, useState } from 'react'

import { isApiError } from '../../../api/errors'
import { useImportPhotoMutation } from '../api'
import { UPLOAD_CANCELLED } from '../pictureUpload'

/** Photos sent at once: enough to keep a slow link busy, few enough that each shows progress soon. */
const PARALLEL_UPLOADS = 3

export type PhotoUploadStatus = 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled'

export interface PhotoUpload {
  id: number
  name: string
  status: PhotoUploadStatus
  /** 0 to 1 while uploading. */
  progress: number
  /** Why it failed, in the server's words. */
  message: string | null
}

/**
 * The upload queue of the photo import. Files and their abort controllers stay in this hook, not in the Redux store:
 * neither is serializable, and a recorded state replayed by QA must not hold them.
 */
export function usePhotoUploads() {
  const [importPhoto] = useImportPhotoMutation()
  const [uploads, setUploads] = useState<PhotoUpload[]>([])
  const files = useRef(new Map<number, File>())
  const controllers = useRef(new Map<number, AbortController>())
  const nextId = useRef(1)

  const update = useCallback((id: number, change: Partial<PhotoUpload>) => {
    setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)))
  }, [])

  const start = useCallback(
    async (id: number) => {
      const file = files.current.get(id)
      if (!file) return
      const controller = new AbortController()
      controllers.current.set(id, controller)
      update(id, { status: 'uploading', progress: 0, message: null })
      const result = await importPhoto({
        file,
        signal: controller.signal,
        onProgress: (progress) => update(id, { progress }),
      })
      controllers.current.delete(id)
      if ('data' in result) {
        files.current.delete(id)
        update(id, { status: 'done', progress: 1 })
        return
      }
      const message = isApiError(result.error) ? result.error.message : null
      if (message === UPLOAD_CANCELLED) update(id, { status: 'cancelled', message: null })
      else update(id, { status: 'failed', message: message || 'The photo could not be sent. Check your connection.' })
    },
    [importPhoto, update],
  )

  // Starts waiting photos while fewer than PARALLEL_UPLOADS are on their way.
  useEffect(() => {
    const running = uploads.filter((upload) => upload.status === 'uploading').length
    const waiting = uploads.filter((upload) => upload.status === 'waiting').slice(0, PARALLEL_UPLOADS - running)
    for (const upload of waiting) void start(upload.id)
  }, [uploads, start])

  const add = useCallback((picked: readonly File[]) => {
    const added = picked.map((file) => {
      const id = nextId.current
      nextId.current += 1
      files.current.set(id, file)
      return { id, name: file.name, status: 'waiting' as const, progress: 0, message: null }
    })
    setUploads((current) => [...current, ...added])
  }, [])

  const cancel = useCallback(
    (id: number) => {
      const controller = controllers.current.get(id)
      if (controller) controller.abort()
      else update(id, { status: 'cancelled' })
    },
    [update],
  )

  const cancelAll = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort()
    setUploads((current) =>
      current.map((upload) => (upload.status === 'waiting' ? { ...upload, status: 'cancelled' } : upload)),
    )
  }, [])

  const retry = useCallback((id: number) => update(id, { status: 'waiting', progress: 0, message: null }), [update])

  const clearFinished = useCallback(() => {
    setUploads((current) => {
      for (const upload of current)
        if (upload.status === 'done' || upload.status === 'cancelled') files.current.delete(upload.id)
      return current.filter((upload) => upload.status !== 'done' && upload.status !== 'cancelled')
    })
  }, [])

  // Leaving the screen stops what is still on its way.
  useEffect(() => {
    const running = controllers.current
    return () => {
      for (const controller of running.values()) controller.abort()
    }
  }, [])

  return { uploads, add, cancel, cancelAll, retry, clearFinished }
}

/** How often the visits are read again while photos are still going up. */
const VISITS_REREAD_MS = 2000

/**
 * Reads the visits again as photos arrive: at most every VISITS_REREAD_MS while a drop is still going up, and at once
 * when its last photo is in. Once per photo, a 100-photo drop over a slow link would also fetch the whole import a
 * hundred times.
 */
export function useVisitsFollowUploads(uploads: readonly PhotoUpload[], reread: () => unknown) {
  const added = uploads.filter((upload) => upload.status === 'done').length
  const goingUp = uploads.some((upload) => upload.status === 'waiting' || upload.status === 'uploading')
  const lastRead = useRef({ at: 0, added: 0 })
  useEffect(() => {
    if (added === 0 || added === lastRead.current.added) return
    const wait = goingUp ? Math.max(0, lastRead.current.at + VISITS_REREAD_MS - Date.now()) : 0
    const timer = setTimeout(() => {
      lastRead.current = { at: Date.now(), added }
      reread()
    }, wait)
    return () => clearTimeout(timer)
  }, [added, goingUp, reread])
}
