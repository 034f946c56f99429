import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/Delete'
import EditIcon from '@mui/icons-material/Edit'
import GroupAddIcon from '@mui/icons-material/GroupAdd'
import Alert from '@mui/material/Alert'
import AvatarGroup from '@mui/material/AvatarGroup'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { skipToken } from '@reduxjs/toolkit/query'
import { useState, type ReactNode } from 'react'
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom'

import { PRODUCT_NAME, VISIBILITY } from '@shared/constants'
import type { Trip, TripPlace } from '@shared/trips'

import { isApiError, isFailure } from '../../api/errors'
import { DetailSkeleton } from '../../components/DetailSkeleton'
import { LoadFailed } from '../../components/LoadFailed'
import { ShareLinks } from '../../components/ShareLinks'
import { usePageTitle } from '../../components/usePageTitle'
import { UserAvatar } from '../../components/UserAvatar'
import { visibilityLabel } from '../../components/VisibilitySelect'
import { shareUrl } from '../../lib/config'
import { paths } from '../../lib/paths'
import { enqueueSnackbar } from '../../lib/toast'
import { useCurrentUser } from '../session/api'

import { useAnswerTripInviteMutation, useDeleteTripMutation, useGetTripQuery, useRemoveTripMemberMutation } from './api'
import { AddMemoriesDialog } from './components/AddMemoriesDialog'
import { ConfirmDialog } from './components/ConfirmDialog'
import { EditTripDialog } from './components/EditTripDialog'
import { InviteFriendsDialog } from './components/InviteFriendsDialog'
import { journeyDays, routeLine } from './components/tripText'
import { TripTimeline } from './components/TripTimeline'
import { TripTravellers } from './components/TripTravellers'

/** The trip's route on the map; app/ composes it from the travel map. */
export type RenderRouteMap = (places: TripPlace[]) => ReactNode

/** /trip/{tripId}: a trip's route, its days, who travelled, and what the viewer may do in it. */
export function TripPage({ renderRouteMap }: { renderRouteMap?: RenderRouteMap }) {
  const { tripId } = useParams()
  const { currentData, isFetching, error, refetch } = useGetTripQuery(tripId ?? skipToken)
  // A trip the server no longer shows (deleted, left, made Private) goes at once.
  const trip = isApiError(error) && error.status === 404 ? undefined : currentData
  usePageTitle(trip?.title ?? 'Trip')

  if (!trip && isFetching) return <DetailSkeleton label="Loading the trip" />
  if (!trip && isFailure(error)) return <LoadFailed onRetry={() => void refetch()} />
  if (!trip) {
    return (
      <Paper sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
        <Typography variant="h3" component="h1" gutterBottom>
          Trip not found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          This trip does not exist, or it is not shared with you.
        </Typography>
        <Button variant="contained" component={RouterLink} to={paths.myMemories.href()}>
          Back to My Memories
        </Button>
      </Paper>
    )
  }
  return <TripView trip={trip} renderRouteMap={renderRouteMap} />
}

type Dialogs = 'edit' | 'invite' | 'add' | 'delete' | 'leave' | null

function TripView({ trip, renderRouteMap }: { trip: Trip; renderRouteMap?: RenderRouteMap }) {
  const [dialog, setDialog] = useState<Dialogs>(null)
  const close = () => setDialog(null)
  const travelling = trip.myRole === 'owner' || trip.myRole === 'accepted'
  const going = trip.travellers.filter((traveller) => traveller.role !== 'invited')
  // The cover: the first picture of the journey the viewer may see.
  const cover = trip.memories.flatMap((memory) => memory.pictures)[0]

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto' }}>
      <Paper component="header" sx={{ p: { xs: 2, md: 4 } }}>
        <Stack spacing={1.5}>
          {cover && (
            <Box
              component="img"
              src={cover.variants[0]?.url ?? cover.url}
              srcSet={cover.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ')}
              sizes="(min-width: 1000px) 900px, 100vw"
              alt=""
              sx={{
                width: '100%',
                height: { xs: 160, md: 260 },
                objectFit: 'cover',
                borderRadius: 2,
                display: 'block',
              }}
              data-testid="trip-cover"
            />
          )}
          <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h3" component="h1" sx={{ overflowWrap: 'anywhere', mr: 1 }}>
              {trip.title}
            </Typography>
            <Chip
              label={visibilityLabel(trip.visibility)}
              variant="outlined"
              aria-label={`Visibility: ${visibilityLabel(trip.visibility)}`}
            />
          </Stack>
          {trip.places.length > 0 && (
            <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {routeLine(trip.places)}
            </Typography>
          )}
          <Typography color="text.secondary">
            {journeyDays(trip.startDate, trip.endDate)} ·{' '}
            {trip.memoryCount === 1 ? '1 memory' : `${trip.memoryCount} memories`}
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <AvatarGroup max={6} sx={{ '& .MuiAvatar-root': { width: 32, height: 32 } }}>
              {going.map((traveller) => (
                <UserAvatar
                  key={traveller.userId}
                  avatarId={traveller.avatarId}
                  username={traveller.username}
                  size={32}
                />
              ))}
            </AvatarGroup>
            <Typography variant="body2" color="text.secondary">
              {going.map((traveller) => traveller.username).join(', ')}
            </Typography>
          </Stack>
          {travelling && (
            <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', pt: 1 }}>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('add')}>
                Add memories
              </Button>
              {trip.myRole === 'owner' ? (
                <>
                  <Button variant="outlined" startIcon={<GroupAddIcon />} onClick={() => setDialog('invite')}>
                    Invite friends
                  </Button>
                  <Button startIcon={<EditIcon />} onClick={() => setDialog('edit')}>
                    Edit
                  </Button>
                  <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDialog('delete')}>
                    Delete trip
                  </Button>
                </>
              ) : (
                <Button color="error" onClick={() => setDialog('leave')}>
                  Leave trip
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>

      {trip.myRole === 'invited' && <Invitation trip={trip} />}

      {trip.places.length > 0 && renderRouteMap?.(trip.places)}

      <Box component="section" aria-labelledby="trip-timeline">
        <Typography id="trip-timeline" variant="h5" component="h2" gutterBottom>
          Day by day
        </Typography>
        {trip.memories.length === 0 ? (
          <Typography color="text.secondary">
            {travelling
              ? 'No memories in this trip yet. Add memories to see its days and its route.'
              : 'No memories of this trip are shared with you.'}
          </Typography>
        ) : (
          <TripTimeline trip={trip} />
        )}
      </Box>

      <Box component="section" aria-labelledby="trip-travellers">
        <Typography id="trip-travellers" variant="h5" component="h2" gutterBottom>
          Travellers
        </Typography>
        <TripTravellers trip={trip} />
      </Box>

      {trip.myRole === 'owner' && <ShareTrip trip={trip} />}

      <EditTripDialog trip={trip} open={dialog === 'edit'} onClose={close} />
      <InviteFriendsDialog trip={trip} open={dialog === 'invite'} onClose={close} />
      <AddMemoriesDialog trip={trip} open={dialog === 'add'} onClose={close} />
      <LeaveOrDelete trip={trip} dialog={dialog} onClose={close} />
    </Stack>
  )
}

/** An invited friend answers here, as from the notification. */
function Invitation({ trip }: { trip: Trip }) {
  const navigate = useNavigate()
  const [answer, { isLoading }] = useAnswerTripInviteMutation()

  async function reply(accept: boolean) {
    const result = await answer({ tripId: trip.tripId, accept })
    if ('error' in result) return
    enqueueSnackbar(accept ? `You are travelling in "${trip.title}".` : 'Invitation declined.', { variant: 'success' })
    if (!accept) void navigate(paths.myMemories.href())
  }

  return (
    <Alert
      severity="info"
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" disabled={isLoading} onClick={() => void reply(false)}>
            Decline
          </Button>
          <Button variant="contained" disabled={isLoading} onClick={() => void reply(true)}>
            Accept
          </Button>
        </Stack>
      }
    >
      {trip.owner.username} invited you to travel together in this trip. Accept to add your memories of it.
    </Alert>
  )
}

function LeaveOrDelete({ trip, dialog, onClose }: { trip: Trip; dialog: Dialogs; onClose: () => void }) {
  const navigate = useNavigate()
  const [deleteTrip, deleting] = useDeleteTripMutation()
  const [removeMember, leaving] = useRemoveTripMemberMutation()
  const me = useCurrentUser().data?.userId

  async function done(result: { error?: unknown }, message: string) {
    if (result.error) return
    onClose()
    enqueueSnackbar(message, { variant: 'success' })
    await navigate(paths.myMemories.href())
  }

  return (
    <>
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete this trip?"
        message="The trip goes for every traveller. Its memories stay, each where it was written."
        confirm="Delete trip"
        busy={deleting.isLoading}
        onConfirm={() => void deleteTrip({ tripId: trip.tripId }).then((result) => done(result, 'Trip deleted.'))}
        onClose={onClose}
      />
      <ConfirmDialog
        open={dialog === 'leave'}
        title="Leave this trip?"
        message="Your memories leave the trip and stay in your account. The owner can invite you again."
        confirm="Leave trip"
        busy={leaving.isLoading}
        onConfirm={() =>
          me &&
          void removeMember({ tripId: trip.tripId, userId: me }).then((result) => done(result, 'You left the trip.'))
        }
        onClose={onClose}
      />
    </>
  )
}

/** A Public trip's link; any other says why it has none. */
function ShareTrip({ trip }: { trip: Trip }) {
  return (
    <Box component="section" aria-labelledby="trip-share">
      <Typography id="trip-share" variant="h5" component="h2" gutterBottom>
        Share this trip
      </Typography>
      {trip.visibility === VISIBILITY.Public ? (
        <Stack spacing={1.5}>
          <Typography color="text.secondary">
            Anyone with the link sees the trip&apos;s route, its travellers and its Public memories.
          </Typography>
          <ShareLinks url={shareUrl('trip', trip.tripId)} title={`${trip.title} on ${PRODUCT_NAME}`} showUrl />
        </Stack>
      ) : (
        <Typography color="text.secondary">
          Only a Public trip has a link to share. Make it Public with Edit; its link shows only its Public memories.
        </Typography>
      )}
    </Box>
  )
}
