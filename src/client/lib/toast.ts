import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack'

/** What a mounted toast host does with a toast (notistack's own enqueue and close). */
export interface ToastSink {
  enqueue: (message: SnackbarMessage, options: OptionsObject & { key: SnackbarKey }) => void
  /** Without a key, every toast. */
  close: (key?: SnackbarKey) => void
}

interface PendingToast {
  message: SnackbarMessage
  options: OptionsObject & { key: SnackbarKey }
}

/**
 * Toasts are shown by notistack, which is loaded with the first toast rather than with the app: most visits never
 * see one, and the first screen renders sooner without it. Until the host has mounted, toasts wait here in order.
 */
let sink: ToastSink | null = null
let pending: PendingToast[] = []
let nextKey = 0
const hostWaiters = new Set<() => void>()

/** Shows a toast (notistack's options); returns its key, which closeSnackbar accepts even before it is shown. */
export function enqueueSnackbar(message: SnackbarMessage, options: OptionsObject = {}): SnackbarKey {
  const key = options.key ?? `toast-${(nextKey += 1)}`
  const toast = { message, options: { ...options, key } }
  if (sink) sink.enqueue(toast.message, toast.options)
  else {
    pending.push(toast)
    for (const wake of hostWaiters) wake()
  }
  return key
}

/** Closes the toast of `key`, or every toast. */
export function closeSnackbar(key?: SnackbarKey): void {
  if (sink) sink.close(key)
  else pending = key === undefined ? [] : pending.filter((toast) => toast.options.key !== key)
}

/** For the toast host: calls `wake` when a toast is waiting (at once if one already is); returns the unsubscribe. */
export function onToastWaiting(wake: () => void): () => void {
  hostWaiters.add(wake)
  if (pending.length > 0) wake()
  return () => {
    hostWaiters.delete(wake)
  }
}

/** For the toast host: delivers the waiting toasts to the mounted notistack and every later one directly. */
export function attachToastSink(next: ToastSink): () => void {
  sink = next
  const waiting = pending
  pending = []
  for (const toast of waiting) next.enqueue(toast.message, toast.options)
  return () => {
    if (sink === next) sink = null
  }
}
