import type { AppStartListening } from '../../api/listeners'
import { memoriesApi } from '../memories/api'

import { feedApi } from './api'

/**
 * A like shows at once in the loaded feed pages too, and is taken back if the server refuses it; the memories feature
 * does the same for its own views, and its tags refetch the feed after.
 */
export function addFeedListeners(startListening: AppStartListening): void {
  const { likeMemory } = memoriesApi.endpoints
  startListening({
    matcher: likeMemory.matchPending,
    effect: async (action, api) => {
      const { memoryId } = action.meta.arg.originalArgs
      const patch = api.dispatch(
        feedApi.util.updateQueryData('getMemoryFeed', undefined, (draft) => {
          for (const page of draft.pages) {
            const memory = page.memories.find((item) => item.memoryId === memoryId)
            if (!memory) continue
            memory.likes += memory.liked ? -1 : 1
            memory.liked = !memory.liked
          }
        }),
      )
      const [settled] = await api.take(
        (next) =>
          (likeMemory.matchFulfilled(next) || likeMemory.matchRejected(next)) &&
          next.meta.requestId === action.meta.requestId,
      )
      if (likeMemory.matchRejected(settled)) patch.undo()
    },
  })
}
