import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline'
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder'
import FlightTakeoffIcon from '@mui/icons-material/FlightTakeoff'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { Fragment, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { TRUNCATE_MEMORY_CONTENT } from '@shared/constants'
import type { TaggedFriend } from '@shared/memories'

import { formatDate, truncate } from '../lib/format'
import { paths } from '../lib/paths'

export interface JourneyDatesProps {
  start: string
  end: string
}

export function JourneyDates({ start, end }: JourneyDatesProps) {
  const from = formatDate(start)
  const to = formatDate(end)
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
      <FlightTakeoffIcon fontSize="small" aria-hidden />
      <Typography variant="body2" component="span">
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {from}
        </Box>
        {from !== to && (
          <>
            {' – '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {to}
            </Box>
          </>
        )}
      </Typography>
    </Box>
  )
}

export interface MemoryTextProps {
  content: string
  /** The whole text, a little larger, as a memory's own page shows it; lists show its start. */
  whole?: boolean
}

/** A memory's journal with its line breaks kept and long words wrapped; nothing when it has none. */
export function MemoryText({ content, whole = false }: MemoryTextProps) {
  if (!content) return null
  return (
    <Typography
      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: '75ch', ...(whole && { fontSize: '1.05rem' }) }}
    >
      {whole ? content : truncate(content, TRUNCATE_MEMORY_CONTENT)}
    </Typography>
  )
}

export interface TaggedFriendsProps {
  friends: TaggedFriend[]
  /** The viewer's friends: their names open their page; anyone else's name is plain text. */
  friendIds?: ReadonlySet<string>
}

export function TaggedFriends({ friends, friendIds }: TaggedFriendsProps) {
  if (friends.length === 0) return null
  return (
    <Typography variant="body2" aria-label="Tagged friends" sx={{ color: 'primary.main', overflowWrap: 'anywhere' }}>
      {friends.map((friend, index) => (
        <Fragment key={friend.userId}>
          {index > 0 && ' '}
          <FriendName userId={friend.userId} friendIds={friendIds}>
            @{friend.username}
          </FriendName>
        </Fragment>
      ))}
    </Typography>
  )
}

export interface FriendNameProps {
  userId: string
  friendIds?: ReadonlySet<string>
  children: ReactNode
}

/** A traveller's name: a link to their friend page when they are the viewer's friend, otherwise plain text. */
export function FriendName({ userId, friendIds, children }: FriendNameProps) {
  if (!friendIds?.has(userId)) return <>{children}</>
  return (
    <Link component={RouterLink} to={paths.friend.href(userId)} color="inherit">
      {children}
    </Link>
  )
}

export interface CountsProps {
  likes: number
  comments: number
}

export function Counts({ likes, comments }: CountsProps) {
  return (
    <Stack direction="row" spacing={2} sx={{ color: 'text.secondary' }}>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <FavoriteBorderIcon fontSize="small" aria-hidden />
        {likes} {likes === 1 ? 'like' : 'likes'}
      </Box>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <ChatBubbleOutlineIcon fontSize="small" aria-hidden />
        {comments} {comments === 1 ? 'comment' : 'comments'}
      </Box>
    </Stack>
  )
}
