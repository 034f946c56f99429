import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useState, type SubmitEvent, type ReactNode } from 'react'

import { DEFAULT_VISIBILITY, MEMORY_CONTENT_MAX_LENGTH, type Visibility } from '@shared/constants'
import type { MemoryPicture, TaggedFriend } from '@shared/memories'

import { VisibilitySelect } from '../../../components/VisibilitySelect'

import { PictureUploader } from './PictureUploader'
import { TagFriendsInput } from './TagFriendsInput'

export interface MemoryFormValues {
  memoryStartDate: string
  memoryEndDate: string
  memoryContent: string
  pictures: MemoryPicture[]
  taggedFriends: TaggedFriend[]
  visibility: Visibility
}

export const EMPTY_MEMORY: MemoryFormValues = {
  memoryStartDate: '',
  memoryEndDate: '',
  memoryContent: '',
  pictures: [],
  taggedFriends: [],
  visibility: DEFAULT_VISIBILITY,
}

/** The form's values as the create and update calls take them: pictures by file name, friends by id. */
export function memoryFields(values: MemoryFormValues) {
  return {
    memoryStartDate: values.memoryStartDate,
    memoryEndDate: values.memoryEndDate,
    memoryContent: values.memoryContent,
    memoryPictures: values.pictures.map((picture) => picture.pictureFileName),
    taggedFriends: values.taggedFriends.map((friend) => friend.userId),
    visibility: values.visibility,
  }
}

export const DATE_TEXTS = {
  startRequired: 'Please choose the start date.',
  endRequired: 'Please choose the end date.',
  endBeforeStart: 'The end date cannot be before the start date.',
} as const

type DateErrors = Partial<Record<'memoryStartDate' | 'memoryEndDate', string>>

/** The journey needs both dates, and it cannot end before it starts (the server refuses that too). */
export function validateDates({
  memoryStartDate,
  memoryEndDate,
}: Pick<MemoryFormValues, 'memoryStartDate' | 'memoryEndDate'>): DateErrors {
  const errors: DateErrors = {}
  if (!memoryStartDate) errors.memoryStartDate = DATE_TEXTS.startRequired
  if (!memoryEndDate) errors.memoryEndDate = DATE_TEXTS.endRequired
  else if (memoryStartDate && memoryEndDate < memoryStartDate) errors.memoryEndDate = DATE_TEXTS.endBeforeStart
  return errors
}

export interface MemoryFormProps {
  initialValues: MemoryFormValues
  /** The associated card, shown above the fields. */
  card: ReactNode
  submitLabel: string
  submitting: boolean
  /** False while something outside the fields is missing, such as the card. */
  ready?: boolean
  /** The copy the memory is on, once chosen: pictures' locations are checked against its place. */
  userCardId?: string
  onSubmit: (values: MemoryFormValues) => void
  onCancel?: () => void
}

export function MemoryForm({
  initialValues,
  card,
  submitLabel,
  submitting,
  ready = true,
  userCardId,
  onSubmit,
  onCancel,
}: MemoryFormProps) {
  const [values, setValues] = useState(initialValues)
  const [errors, setErrors] = useState<DateErrors>({})
  const [uploading, setUploading] = useState(false)

  function update<K extends keyof MemoryFormValues>(key: K, value: MemoryFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }))
    if (key === 'memoryStartDate' || key === 'memoryEndDate') setErrors({})
  }

  function handleSubmit(event: SubmitEvent) {
    event.preventDefault()
    const found = validateDates(values)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    onSubmit(values)
  }

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={3}>
      {card}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          type="date"
          label="Start date"
          required
          value={values.memoryStartDate}
          onChange={(event) => update('memoryStartDate', event.target.value)}
          error={Boolean(errors.memoryStartDate)}
          helperText={errors.memoryStartDate}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label="End date"
          required
          value={values.memoryEndDate}
          onChange={(event) => update('memoryEndDate', event.target.value)}
          error={Boolean(errors.memoryEndDate)}
          helperText={errors.memoryEndDate}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: values.memoryStartDate || undefined } }}
        />
      </Box>
      <TextField
        label="Your memory"
        multiline
        minRows={5}
        value={values.memoryContent}
        onChange={(event) => update('memoryContent', event.target.value)}
        slotProps={{ htmlInput: { maxLength: MEMORY_CONTENT_MAX_LENGTH } }}
      />
      <PictureUploader
        userCardId={userCardId}
        pictures={values.pictures}
        onChange={(pictures) => update('pictures', pictures)}
        onUploadingChange={setUploading}
      />
      <TagFriendsInput value={values.taggedFriends} onChange={(friends) => update('taggedFriends', friends)} />
      <Box sx={{ maxWidth: 240 }}>
        <VisibilitySelect
          value={values.visibility}
          onChange={(visibility) => update('visibility', visibility)}
          fullWidth
        />
      </Box>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="contained" loading={submitting} disabled={!ready || uploading}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  )
}
