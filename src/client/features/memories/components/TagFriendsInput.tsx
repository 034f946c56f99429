import Autocomplete from '@mui/material/Autocomplete'
import Chip from '@mui/material/Chip'
import CircularProgress from '@mui/material/CircularProgress'
import TextField from '@mui/material/TextField'
import { skipToken } from '@reduxjs/toolkit/query'
import { useEffect, useState } from 'react'

import { TAG_SEARCH_DEBOUNCE_MS } from '@shared/constants'
import type { FriendMatch } from '@shared/friends'
import type { TaggedFriend } from '@shared/memories'

import { useSearchFriendsQuery } from '../../friends/api'

export interface TagFriendsInputProps {
  value: TaggedFriend[]
  onChange: (friends: TaggedFriend[]) => void
}

/**
 * The search starts 1 s after the last keystroke, is skipped when empty, and leaves out friends already tagged
 * (docs/product.md#validation-tag-search).
 */
export function TagFriendsInput({ value, onChange }: TagFriendsInputProps) {
  const [input, setInput] = useState('')
  const [searched, setSearched] = useState('')

  useEffect(() => {
    const name = input.trim()
    const timer = setTimeout(() => setSearched(name), TAG_SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [input])

  const { currentData, isFetching } = useSearchFriendsQuery(searched || skipToken)
  const tagged = new Set(value.map((friend) => friend.userId))
  const options: TaggedFriend[] =
    searched && input.trim()
      ? (currentData ?? []).filter((friend: FriendMatch) => !tagged.has(friend.userId)).map(toTagged)
      : []

  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      // The server already matched the name; MUI must not filter again by the label.
      filterOptions={(all) => all}
      filterSelectedOptions
      getOptionLabel={(friend) => `@${friend.username}`}
      isOptionEqualToValue={(option, selected) => option.userId === selected.userId}
      inputValue={input}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'reset') setInput(next)
      }}
      onChange={(_event, next) => {
        onChange(next.map(toTagged))
        setInput('')
        setSearched('')
      }}
      loading={isFetching}
      noOptionsText={
        input.trim()
          ? isFetching || input.trim() !== searched
            ? 'Searching…'
            : 'No friend matches this name'
          : 'Type a friend’s name'
      }
      renderValue={(selected, getItemProps) =>
        selected.map((friend, index) => {
          const { key, ...itemProps } = getItemProps({ index })
          return <Chip key={key} label={`@${friend.username}`} size="small" {...itemProps} />
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Tag friends"
          placeholder={value.length === 0 ? 'Search your friends by name' : undefined}
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {isFetching && <CircularProgress color="inherit" size={18} aria-label="Searching friends" />}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  )
}

function toTagged(friend: TaggedFriend | FriendMatch): TaggedFriend {
  return { userId: friend.userId, username: friend.username }
}
