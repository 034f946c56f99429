import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useState, type SubmitEvent } from 'react'

import { FRIEND_CODE_LENGTH } from '@shared/constants'
import { TEXTS } from '@shared/texts'

import { errorMessage, isReplayRefusal } from '../../../api/errors'
import { enqueueSnackbar } from '../../../lib/toast'
import { useAddFriendMutation } from '../api'

/** A friend's code (6 characters) and Add Friend; a refusal shows under the field and the code stays. */
export function AddFriendForm() {
  const [addFriend, { isLoading }] = useAddFriendMutation()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)

  const handleSubmit = async (event: SubmitEvent) => {
    event.preventDefault()
    const friendCode = code.trim()
    if (!friendCode) return
    try {
      const { username } = await addFriend({ friendCode }).unwrap()
      enqueueSnackbar(TEXTS.friendAdded(username), { variant: 'success' })
      setCode('')
      setError(null)
    } catch (failure) {
      if (!isReplayRefusal(failure)) setError(errorMessage(failure))
    }
  }

  return (
    <Stack
      component="form"
      onSubmit={handleSubmit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      alignItems={{ sm: 'flex-start' }}
      noValidate
    >
      <TextField
        label="Friend code"
        value={code}
        onChange={(event) => {
          setCode(event.target.value.toUpperCase())
          setError(null)
        }}
        error={error != null}
        helperText={error ?? `Ask your friend for their ${FRIEND_CODE_LENGTH}-character code.`}
        size="small"
        autoComplete="off"
        slotProps={{
          htmlInput: {
            maxLength: FRIEND_CODE_LENGTH,
            spellCheck: false,
            style: { letterSpacing: 2, textTransform: 'uppercase' },
          },
        }}
        sx={{ minWidth: { sm: 240 } }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={isLoading || code.trim() === ''}
        startIcon={isLoading ? <CircularProgress size={18} color="inherit" /> : undefined}
        sx={{ height: 40 }}
      >
        Add Friend
      </Button>
    </Stack>
  )
}
