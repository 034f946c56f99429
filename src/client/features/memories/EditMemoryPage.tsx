import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { skipToken } from '@reduxjs/toolkit/query'
import { useSnackbar } from 'notistack'
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom'

import type { Visibility } from '@shared/constants'
import type { Memory } from '@shared/memories'
import { TEXTS } from '@shared/texts'

import { paths } from '../../app/paths'
import { CardImage } from '../../components/CardImage'
import { LoadingState } from '../../components/LoadingState'
import { RarityBadge } from '../../components/RarityBadge'
import { usePageTitle } from '../../components/usePageTitle'

import { placeOf, useGetMemoryQuery, useUpdateMemoryMutation } from './api'
import { MemoryForm, type MemoryFormValues } from './components/MemoryForm'
import { MemoryNotFound } from './components/ProblemPage'
import { useGoBack } from './useGoBack'

/** /editMemory/{memoryId}: the owner's form, prefilled; anyone else sees the not-found page. */
export function EditMemoryPage() {
  usePageTitle('Edit Memory')
  const { memoryId } = useParams()
  const { currentData: memory, isFetching } = useGetMemoryQuery(memoryId ?? skipToken)

  if (!memory && isFetching) return <LoadingState label="Loading your memory" />
  if (!memory || !memory.isOwner) return <MemoryNotFound />
  return <EditMemory key={memory.memoryId} memory={memory} />
}

interface EditMemoryProps {
  memory: Memory
}

function EditMemory({ memory }: EditMemoryProps) {
  const [updateMemory, { isLoading: saving }] = useUpdateMemoryMutation()
  const { enqueueSnackbar } = useSnackbar()
  const navigate = useNavigate()
  const goBack = useGoBack(paths.viewMemory.href(memory.memoryId))

  const initialValues: MemoryFormValues = {
    memoryStartDate: memory.memoryStartDate,
    memoryEndDate: memory.memoryEndDate,
    memoryContent: memory.memoryContent,
    pictures: memory.pictures,
    taggedFriends: memory.taggedFriends,
    visibility: memory.visibility as Visibility,
  }

  async function handleSubmit(values: MemoryFormValues) {
    try {
      await updateMemory({
        memoryId: memory.memoryId,
        memoryStartDate: values.memoryStartDate,
        memoryEndDate: values.memoryEndDate,
        memoryContent: values.memoryContent,
        memoryPictures: values.pictures.map((picture) => picture.pictureFileName),
        taggedFriends: values.taggedFriends.map((friend) => friend.userId),
        visibility: values.visibility,
        place: placeOf(memory),
      }).unwrap()
      enqueueSnackbar(TEXTS.memoryUpdated, { variant: 'success' })
      navigate(paths.viewMemory.href(memory.memoryId), { replace: true })
    } catch {
      // The failure is already shown as a toast, and the form keeps what was typed.
    }
  }

  return (
    <Paper sx={{ p: { xs: 2, md: 4 }, maxWidth: 800, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Edit Memory
      </Typography>
      <MemoryForm
        initialValues={initialValues}
        submitLabel="Save"
        submitting={saving}
        onSubmit={handleSubmit}
        onCancel={goBack}
        card={
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="group" aria-label="Associated card">
            <Box sx={{ width: 88, flexShrink: 0 }}>
              <CardImage imageId={memory.image} name={memory.cardName} rarity={memory.cardRarity} eager />
            </Box>
            <Stack spacing={0.5}>
              <Typography variant="h6" component="p">
                {memory.cardName}
              </Typography>
              <Box>
                <RarityBadge rarity={memory.cardRarity} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {memory.collectionName}
              </Typography>
              <Box>
                <Button size="small" component={RouterLink} to={paths.switchUserCard.href(memory.memoryId)}>
                  Switch Card
                </Button>
              </Box>
            </Stack>
          </Stack>
        }
      />
    </Paper>
  )
}
