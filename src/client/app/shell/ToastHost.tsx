import { lazy, Suspense, useEffect, useState } from 'react'

import { onToastWaiting } from '../../lib/toast'

/** notistack with its provider, fetched when the first toast is waiting. */
const NotistackHost = lazy(async () => ({
  default: (await import(/* webpackChunkName: "toasts" */ './NotistackHost')).NotistackHost,
}))

/** Where toasts appear (top right); renders nothing until there is a toast to show. */
export function ToastHost() {
  const [needed, setNeeded] = useState(false)
  useEffect(() => onToastWaiting(() => setNeeded(true)), [])
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <NotistackHost />
    </Suspense>
  )
}
