import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type SubmitEvent } from 'react'

import { USERNAME_MAX_LENGTH } from '@shared/constants'
import { TEXTS } from '@shared/texts'

import { enqueueSnackbar } from '../../../lib/toast'
import { useGetAvatarListQuery, useUpdateProfileMutation } from '../api'

import { AvatarPicker } from './AvatarPicker'

export interface ProfileEditFormProps {
  username: string
  avatarId: number
  onDone: () => void
}

/** Edit mode of My Account: avatar and username, Cancel and Save Edit. Other username rules are the server's. */
export function ProfileEditForm({ username, avatarId, onDone }: ProfileEditFormProps) {
  const { data: avatarIds } = useGetAvatarListQuery()
  const [updateProfile, { isLoading }] = useUpdateProfileMutation()
  const [newUsername, setNewUsername] = useState(username)
  const [newAvatarId, setNewAvatarId] = useState(avatarId)
  const trimmed = newUsername.trim()
  // Counted as the server counts (characters, not UTF-16 units). No maxLength on the input: it cut a pasted name
  // silently; an over-long name stays as typed and says why it cannot be saved.
  const length = Array.from(trimmed).length
  const tooLong = length > USERNAME_MAX_LENGTH
  const problem =
    trimmed === '' ? 'Please enter a username.' : tooLong ? `At most ${USERNAME_MAX_LENGTH} characters.` : null

  const handleSubmit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (problem) return
    try {
      await updateProfile({ newUsername: trimmed, newAvatarId }).unwrap()
      enqueueSnackbar(TEXTS.profileUpdated, { variant: 'success' })
      onDone()
    } catch {
      // The server's reason (a taken name, a locked avatar) is shown by the shared request handling; the form keeps its values.
    }
  }

  return (
    <Stack component="form" spacing={3} onSubmit={handleSubmit} noValidate aria-label="Edit profile">
      <div>
        <Typography variant="h6" component="h2" gutterBottom>
          Choose your avatar
        </Typography>
        <AvatarPicker avatarIds={avatarIds} value={newAvatarId} onChange={setNewAvatarId} />
      </div>
      <TextField
        label="Username"
        value={newUsername}
        onChange={(event) => setNewUsername(event.target.value)}
        required
        error={problem !== null}
        helperText={problem ?? `${length}/${USERNAME_MAX_LENGTH}`}
        sx={{ maxWidth: 420 }}
      />
      <Stack direction="row" spacing={1.5}>
        <Button onClick={onDone} disabled={isLoading}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={isLoading || problem !== null}
          startIcon={isLoading ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Save Edit
        </Button>
      </Stack>
    </Stack>
  )
}
