import { FeedPage } from '../../features/feed/FeedPage'
import { LikeButton } from '../../features/memories/components/LikeButton'

/** /feed: the feed's memories, each with the memories feature's like toggle. */
export function FeedRoute() {
  return <FeedPage renderLike={(memory) => <LikeButton memory={memory} />} />
}
