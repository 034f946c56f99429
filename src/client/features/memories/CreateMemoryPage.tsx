import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { skipToken } from '@reduxjs/toolkit/query'
import { useEffect, useRef, useState } from 'react'
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom'

import { PHOTO_IMPORT_TEXTS } from '@shared/photoImport'
import { TEXTS } from '@shared/texts'

import { isApiError, isFailure, isReplayRefusal, toToast } from '../../api/errors'
import { LoadFailed } from '../../components/LoadFailed'
import { LoadingState } from '../../components/LoadingState'
import { usePageTitle } from '../../components/usePageTitle'
import { paths } from '../../lib/paths'
import { enqueueSnackbar } from '../../lib/toast'
import { useGetUserCardQuery } from '../collection/api'

import { useCreateMemoryMutation } from './api'
import { AssociatedCard } from './components/AssociatedCard'
import { CardPickerDialog, type PickedCard } from './components/CardPickerDialog'
import { EMPTY_MEMORY, MemoryForm, memoryFields, type MemoryFormValues } from './components/MemoryForm'
import { ProblemPage } from './components/ProblemPage'

/** /createMemory and /createMemory/{userCardId}. Each visit (and Create Another) starts a fresh form. */
export function CreateMemoryPage() {
  usePageTitle('Create Memory')
  const { userCardId } = useParams()
  const location = useLocation()
  return <CreateMemory key={location.key} userCardId={userCardId ?? null} />
}

type Outcome =
  | { kind: 'created'; memoryId: string; cardName: string }
  | { kind: 'taken'; cardName: string; memoryId: string | null }
  | { kind: 'missing' }

interface CreateMemoryProps {
  userCardId: string | null
}

function CreateMemory({ userCardId }: CreateMemoryProps) {
  const {
    data: userCard,
    isLoading,
    isFetching,
    isError,
    error,
    refetch,
  } = useGetUserCardQuery(userCardId ?? skipToken)
  const [picked, setPicked] = useState<PickedCard | null>(null)
  const [pickerOpen, setPickerOpen] = useState(false)
  // The button that opened the picker is replaced by the chosen card's, so focus is put back on it by hand.
  const chosenCardArea = useRef<HTMLDivElement>(null)
  const focusChosenCard = useRef(false)
  useEffect(() => {
    if (!focusChosenCard.current) return
    focusChosenCard.current = false
    chosenCardArea.current?.querySelector<HTMLButtonElement>('button')?.focus()
  })
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [createMemory, { isLoading: creating }] = useCreateMemoryMutation()
  const navigate = useNavigate()

  // The memory just made is checked first: the copy reloaded after saving has a memory now, and it is this one.
  if (outcome?.kind === 'created') {
    return (
      <MemoryCreated
        memoryId={outcome.memoryId}
        cardName={outcome.cardName}
        onCreateAnother={() => navigate(paths.createMemory.href())}
      />
    )
  }
  if (userCardId && isLoading) return <LoadingState label="Loading your card" />
  if (userCardId && !userCard && isFailure(error))
    return <LoadFailed onRetry={() => void refetch()} retrying={isFetching} />
  if (outcome?.kind === 'missing' || (userCardId && (isError || (userCard && !userCard.isOwner))))
    return <UserCardNotFound />
  if (outcome?.kind === 'taken') return <MemoryAlreadyThere cardName={outcome.cardName} memoryId={outcome.memoryId} />
  if (userCardId && userCard?.memory)
    return <MemoryAlreadyThere cardName={userCard.cardName} memoryId={userCard.memory.memoryId} />

  const fromUrl: PickedCard | null =
    userCard && userCardId
      ? {
          userCardId,
          cardId: userCard.cardId,
          cardName: userCard.cardName,
          cardRarity: userCard.cardRarity,
          image: userCard.image,
          collectionName: userCard.collectionName,
        }
      : null
  const card = picked ?? fromUrl

  async function handleSubmit(values: MemoryFormValues) {
    if (!card) return
    try {
      const { memoryId } = await createMemory({
        userCardId: card.userCardId,
        ...memoryFields(values),
        place: { userCardId: card.userCardId, cardId: card.cardId },
      }).unwrap()
      enqueueSnackbar(TEXTS.memoryCreated, { variant: 'success' })
      setOutcome({ kind: 'created', memoryId, cardName: card.cardName })
    } catch (error) {
      if (isApiError(error) && error.status === 409)
        setOutcome({ kind: 'taken', cardName: card.cardName, memoryId: null })
      else if (isApiError(error) && error.status === 404) setOutcome({ kind: 'missing' })
      else if (isApiError(error) && !isReplayRefusal(error) && error.status !== 401 && error.status !== 403) {
        const { variant, message } = toToast(error)
        enqueueSnackbar(message, { variant })
      }
    }
  }

  return (
    <Paper sx={{ p: { xs: 2, md: 4 }, maxWidth: 800, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Create Memory
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Back from a trip with photos?{' '}
        <Link component={RouterLink} to={paths.memoriesFromPhotos.href()} underline="always">
          {PHOTO_IMPORT_TEXTS.entry}
        </Link>
      </Typography>
      <MemoryForm
        initialValues={EMPTY_MEMORY}
        submitLabel="Create Memory"
        submitting={creating}
        ready={card != null}
        userCardId={card?.userCardId}
        onSubmit={handleSubmit}
        card={
          <Box ref={chosenCardArea}>
            <ChosenCard card={card} onChoose={() => setPickerOpen(true)} />
          </Box>
        }
      />
      <CardPickerDialog
        open={pickerOpen}
        onClose={() => setPickerOpen(false)}
        onPick={(next) => {
          setPicked(next)
          setPickerOpen(false)
          focusChosenCard.current = true
        }}
      />
    </Paper>
  )
}

interface ChosenCardProps {
  card: PickedCard | null
  onChoose: () => void
}

function ChosenCard({ card, onChoose }: ChosenCardProps) {
  if (!card) {
    return (
      <Stack
        spacing={1}
        sx={{
          alignItems: 'flex-start',
          p: 2,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          borderStyle: 'dashed',
        }}
      >
        <Typography>Choose the card this memory belongs to.</Typography>
        <Button variant="contained" color="secondary" onClick={onChoose}>
          Choose Card
        </Button>
      </Stack>
    )
  }
  return (
    <AssociatedCard
      card={card}
      action={
        <Button size="small" onClick={onChoose}>
          Change Card
        </Button>
      }
    />
  )
}

interface MemoryCreatedProps {
  memoryId: string
  cardName: string
  onCreateAnother: () => void
}

function MemoryCreated({ memoryId, cardName, onCreateAnother }: MemoryCreatedProps) {
  return (
    <Paper sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
      <CheckCircleOutlineIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h4" component="h1" gutterBottom>
        {TEXTS.memoryCreated}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        It now lives on your {cardName} card.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button variant="outlined" onClick={onCreateAnother}>
          Create Another
        </Button>
        <Button variant="contained" component={RouterLink} to={paths.viewMemory.href(memoryId)}>
          View Memory
        </Button>
      </Stack>
    </Paper>
  )
}

function UserCardNotFound() {
  return (
    <ProblemPage
      title={TEXTS.userCardNotFound}
      message="This card is not in your collection."
      actions={
        <>
          <Button variant="outlined" component={RouterLink} to={paths.myCollection.href()}>
            My Collection
          </Button>
          <Button variant="contained" component={RouterLink} to={paths.createMemory.href()}>
            Choose Another Card
          </Button>
        </>
      }
    />
  )
}

interface MemoryAlreadyThereProps {
  cardName: string
  memoryId: string | null
}

function MemoryAlreadyThere({ cardName, memoryId }: MemoryAlreadyThereProps) {
  return (
    <ProblemPage
      title="Oops :("
      message={TEXTS.memoryAlreadyExists(cardName)}
      actions={
        <>
          {memoryId && (
            <Button variant="outlined" component={RouterLink} to={paths.viewMemory.href(memoryId)}>
              View Memory
            </Button>
          )}
          <Button variant="contained" component={RouterLink} to={paths.createMemory.href()}>
            Choose Another Card
          </Button>
        </>
      }
    />
  )
}
