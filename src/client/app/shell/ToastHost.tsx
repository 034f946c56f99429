import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react'

import { LeftOutOnError } from '../../components/LeftOutOnError'
import { onToastWaiting } from '../../lib/toast'

type HostLoader = () => Promise<ComponentType>

/** notistack with its provider, in a chunk of its own. */
const loadNotistackHost: HostLoader = async () =>
  (await import(/* webpackChunkName: "toasts" */ './NotistackHost')).NotistackHost

/** One try at fetching the host's code; `failed` is set as soon as the fetch fails. */
interface HostAttempt {
  id: number
  Host: LazyExoticComponent<ComponentType>
  failed: boolean
}

let attempts = 0

function attemptToLoad(load: HostLoader): HostAttempt {
  const attempt: HostAttempt = {
    id: (attempts += 1),
    Host: lazy(async () => {
      try {
        return { default: await load() }
      } catch (error) {
        attempt.failed = true
        throw error
      }
    }),
    failed: false,
  }
  return attempt
}

interface ToastHostProps {
  /** Fetches the host's code; tests pass their own. */
  load?: HostLoader
}

/**
 * Where toasts appear (top right); renders nothing until there is a toast to show. When the host's code cannot be
 * fetched (the connection dropped, the server was busy), the page goes on without it, the toasts keep waiting, and
 * the next toast tries again.
 */
export function ToastHost({ load = loadNotistackHost }: ToastHostProps) {
  const [attempt, setAttempt] = useState<HostAttempt | null>(null)
  useEffect(
    () =>
      onToastWaiting(() => {
        setAttempt((current) => (current && !current.failed ? current : attemptToLoad(load)))
      }),
    [load],
  )
  if (!attempt) return null
  return (
    <LeftOutOnError key={attempt.id} onError={() => setAttempt((current) => (current === attempt ? null : current))}>
      <Suspense fallback={null}>
        <attempt.Host />
      </Suspense>
    </LeftOutOnError>
  )
}
