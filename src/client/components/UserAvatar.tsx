import Avatar from '@mui/material/Avatar'

import { avatarImageUrl } from './CardImage'

export interface UserAvatarProps {
  avatarId: number
  username: string
  size?: number
}

export function UserAvatar({ avatarId, username, size = 40 }: UserAvatarProps) {
  return (
    <Avatar
      src={avatarImageUrl(avatarId)}
      alt={`${username}'s avatar`}
      sx={{ width: size, height: size, bgcolor: 'background.paper' }}
    />
  )
}
