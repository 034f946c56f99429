import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { Link as RouterLink, useNavigate } from 'react-router-dom'

import type { Visibility } from '@shared/constants'
import type { Memory } from '@shared/memories'
import { TEXTS } from '@shared/texts'

import { usePageTitle } from '../../components/usePageTitle'
import { paths } from '../../lib/paths'
import { enqueueSnackbar } from '../../lib/toast'

import { placeOf, useUpdateMemoryMutation } from './api'
import { AssociatedCard } from './components/AssociatedCard'
import { MemoryForm, memoryFields, type MemoryFormValues } from './components/MemoryForm'
import { OwnMemoryLoader } from './components/OwnMemoryLoader'
import { useGoBack } from './useGoBack'

/** /editMemory/{memoryId}: the owner's form, prefilled; anyone else sees the not-found page. */
export function EditMemoryPage() {
  usePageTitle('Edit Memory')
  return <OwnMemoryLoader>{(memory) => <EditMemory memory={memory} />}</OwnMemoryLoader>
}

interface EditMemoryProps {
  memory: Memory
}

function EditMemory({ memory }: EditMemoryProps) {
  const [updateMemory, { isLoading: saving }] = useUpdateMemoryMutation()
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
        ...memoryFields(values),
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
        userCardId={memory.userCardId}
        onSubmit={handleSubmit}
        onCancel={goBack}
        card={
          <AssociatedCard
            card={memory}
            action={
              <Button size="small" component={RouterLink} to={paths.switchUserCard.href(memory.memoryId)}>
                Switch Card
              </Button>
            }
          />
        }
      />
    </Paper>
  )
}
