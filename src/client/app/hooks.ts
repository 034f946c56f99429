import { useState } from 'react'
import { useDispatch, useSelector, useStore } from 'react-redux'

import type { AppDispatch, AppStore, RootState } from './store'

export const useAppDispatch = useDispatch.withTypes<AppDispatch>()
export const useAppSelector = useSelector.withTypes<RootState>()

/**
 * Whether this screen opened on a state Redux DevTools showed (docs/qa-replay.md): a recorded state, or the live one
 * the tester jumped back to. Such a screen shows itself settled, without replaying its entrance animations.
 */
export function useOpenedByReplay(): boolean {
  const store = useStore() as AppStore
  const [opened] = useState(() => store.replay.isReplaying() || store.replay.travelled())
  return opened
}
