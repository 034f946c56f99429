import LockIcon from '@mui/icons-material/Lock'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Skeleton from '@mui/material/Skeleton'
import type { KeyboardEvent } from 'react'

import { AVATAR_LOCKED_PLACEHOLDERS } from '@shared/constants'

import { avatarImageUrl } from '../../../components/CardImage'

export interface AvatarPickerProps {
  /** Owned avatar ids; undefined while they load. */
  avatarIds: number[] | undefined
  value: number
  onChange: (avatarId: number) => void
}

const SIZE = 56

/** The owned avatars as a radio group, then 13 locked placeholders (docs/product.md#screen-my-account, edit mode). */
export function AvatarPicker({ avatarIds, value, onChange }: AvatarPickerProps) {
  if (!avatarIds) {
    return <Skeleton variant="rounded" height={SIZE * 2 + 16} aria-label="Loading your avatars" />
  }

  // Arrow keys move the choice, as in any radio group.
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key]
    if (!step) return
    event.preventDefault()
    const index = Math.max(0, avatarIds.indexOf(value))
    const next = avatarIds[(index + step + avatarIds.length) % avatarIds.length]
    if (next === undefined) return
    onChange(next)
    event.currentTarget.querySelector<HTMLElement>(`[data-avatar-id="${next}"]`)?.focus()
  }

  const selectedIsOwned = avatarIds.includes(value)
  return (
    <Box
      role="radiogroup"
      aria-label="Avatar"
      onKeyDown={handleKeyDown}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}
    >
      {avatarIds.map((avatarId, index) => {
        const checked = avatarId === value
        return (
          <ButtonBase
            key={avatarId}
            role="radio"
            aria-checked={checked}
            aria-label={`Avatar ${avatarId}`}
            data-avatar-id={avatarId}
            tabIndex={checked || (!selectedIsOwned && index === 0) ? 0 : -1}
            onClick={() => onChange(avatarId)}
            sx={{
              borderRadius: '50%',
              outline: checked ? 3 : 0,
              outlineStyle: 'solid',
              outlineColor: 'secondary.main',
              outlineOffset: 2,
            }}
          >
            <Avatar
              src={avatarImageUrl(avatarId)}
              alt=""
              sx={{ width: SIZE, height: SIZE, bgcolor: 'background.paper' }}
            />
          </ButtonBase>
        )
      })}
      {Array.from({ length: AVATAR_LOCKED_PLACEHOLDERS }, (_, i) => (
        <Avatar
          key={`locked-${i}`}
          role="img"
          aria-label="Locked avatar"
          sx={{ width: SIZE, height: SIZE, bgcolor: 'action.disabledBackground', color: 'text.disabled' }}
        >
          <LockIcon fontSize="small" aria-hidden />
        </Avatar>
      ))}
    </Box>
  )
}
