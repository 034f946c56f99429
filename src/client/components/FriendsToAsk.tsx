import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'

import type { FriendToAsk } from '@shared/travel'

import { UserAvatar } from './UserAvatar'

/** Friends who have been to a place, verified visits first: the people to ask about it. */
export function FriendsToAsk({ friends }: { friends: FriendToAsk[] }) {
  if (friends.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        None of your friends has been there yet.
      </Typography>
    )
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        Friends who have been there, to ask:
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: 0.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {friends.map((friend) => (
          <li key={friend.userId}>
            <Chip
              avatar={<UserAvatar avatarId={friend.avatarId} username={friend.username} size={24} />}
              label={friend.verified ? `${friend.username} · verified visit` : friend.username}
              variant="outlined"
            />
          </li>
        ))}
      </Box>
    </Box>
  )
}
