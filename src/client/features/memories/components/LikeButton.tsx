import FavoriteIcon from '@mui/icons-material/Favorite'
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder'
import Button from '@mui/material/Button'

import type { Memory } from '@shared/memories'

import { placeOf, useLikeMemoryMutation } from '../api'

export interface LikeButtonProps {
  memory: Pick<Memory, 'memoryId' | 'liked' | 'likes' | 'userCardId' | 'cardId'>
}

/** A toggle that shows its new state at once; the count comes back from the server after. */
export function LikeButton({ memory }: LikeButtonProps) {
  const [likeMemory, { isLoading }] = useLikeMemoryMutation()
  return (
    <Button
      variant={memory.liked ? 'contained' : 'outlined'}
      color="secondary"
      size="small"
      aria-pressed={memory.liked}
      aria-label={`Like, ${memory.likes} ${memory.likes === 1 ? 'like' : 'likes'}`}
      startIcon={memory.liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
      onClick={() => {
        // A second click before the first answers would race it; the new state already shows, and focus stays put.
        if (!isLoading) void likeMemory({ memoryId: memory.memoryId, place: placeOf(memory) })
      }}
    >
      {memory.likes}
    </Button>
  )
}
