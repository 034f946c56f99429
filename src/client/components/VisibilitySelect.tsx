import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'

import { VISIBILITY, type Visibility } from '@shared/constants'

/** Widest first, as the dropdown lists them. */
export const VISIBILITY_OPTIONS: readonly { value: Visibility; label: string }[] = [
  { value: VISIBILITY.Public, label: 'Public' },
  { value: VISIBILITY.Friends, label: 'Friends' },
  { value: VISIBILITY.Private, label: 'Private' },
]

export function visibilityLabel(value: number): string {
  return VISIBILITY_OPTIONS.find((option) => option.value === value)?.label ?? 'Private'
}

export interface VisibilitySelectProps {
  value: number
  onChange: (value: Visibility) => void
  disabled?: boolean
  size?: 'small' | 'medium'
  fullWidth?: boolean
}

export function VisibilitySelect({
  value,
  onChange,
  disabled = false,
  size = 'medium',
  fullWidth = false,
}: VisibilitySelectProps) {
  return (
    <TextField
      select
      label="Visibility"
      value={value}
      onChange={(event) => onChange(Number(event.target.value) as Visibility)}
      disabled={disabled}
      size={size}
      fullWidth={fullWidth}
      sx={{ minWidth: 140 }}
    >
      {VISIBILITY_OPTIONS.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  )
}
