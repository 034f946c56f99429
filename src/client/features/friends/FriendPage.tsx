import PlaceIcon from '@mui/icons-material/Place'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { skipToken } from '@reduxjs/toolkit/query'
import { Link as RouterLink, useParams } from 'react-router-dom'

import type { FriendPage as FriendPageData, SharedPlace } from '@shared/friends'

import { isApiError, isFailure } from '../../api/errors'
import { CardStats } from '../../components/CardStats'
import { DetailSkeleton } from '../../components/DetailSkeleton'
import { EmptyState } from '../../components/EmptyState'
import { LoadFailed } from '../../components/LoadFailed'
import type { RenderReportAction } from '../../components/reportAction'
import type { RenderTravelledTrips } from '../../components/travelledTrips'
import type { RenderTravellerActions } from '../../components/travellerActions'
import { usePageTitle } from '../../components/usePageTitle'
import { UserAvatar } from '../../components/UserAvatar'
import { countOf, formatDate } from '../../lib/format'
import { paths } from '../../lib/paths'

import { useGetFriendPageQuery } from './api'
import { FriendMemoryCard } from './components/FriendMemoryCard'

export const NOT_A_FRIEND_TITLE = 'Not on your friend list'
export const NOT_A_FRIEND_TEXT = 'This traveller is not on your friend list. Add them with their friend code first.'

/**
 * /friend/{userId} (docs/product.md#screen-friend): a friend's profile, memories shared with you, places you share;
 * `renderTravellerActions` and `renderReportAction` go beside the friend's name (app/ composes them).
 */
export function FriendPage({
  renderTravellerActions,
  renderReportAction,
  renderTrips,
}: {
  renderTravellerActions?: RenderTravellerActions
  renderReportAction?: RenderReportAction
  renderTrips?: RenderTravelledTrips
}) {
  const { userId } = useParams()
  const { currentData, isFetching, error, refetch } = useGetFriendPageQuery(userId ?? skipToken)
  // A page the server no longer shows (the friendship ended, or a block) goes at once, not at the next visit.
  const page = isApiError(error) && error.status === 404 ? undefined : currentData
  usePageTitle(page ? page.friend.username : 'Friend')

  if (!page && isFetching) return <DetailSkeleton label="Loading your friend's page" />
  if (!page && isFailure(error)) {
    return (
      <LoadFailed
        message="Your friend's page could not be loaded."
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    )
  }
  if (!page) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 4 }}>
        <Typography variant="h4" component="h1">
          {NOT_A_FRIEND_TITLE}
        </Typography>
        <Typography color="text.secondary">{NOT_A_FRIEND_TEXT}</Typography>
        <Button variant="contained" component={RouterLink} to={paths.myFriends.href()}>
          Go to My Friends
        </Button>
      </Stack>
    )
  }
  return <FriendProfile {...{ page, renderTravellerActions, renderReportAction, renderTrips }} />
}

interface FriendProfileProps {
  page: FriendPageData
  renderTravellerActions?: RenderTravellerActions
  /** Report, beside the friend's name (app/ composes it). */
  renderReportAction?: RenderReportAction
  /** Their trips, before their memories (app/ composes the trips feature's list). */
  renderTrips?: RenderTravelledTrips
}

function FriendProfile({ page, renderTravellerActions, renderReportAction, renderTrips }: FriendProfileProps) {
  const { friend, travel } = page
  return (
    <Stack spacing={3} sx={{ maxWidth: 1000, mx: 'auto', width: '100%' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
            <UserAvatar avatarId={friend.avatarId} username={friend.username} size={72} />
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
                {friend.username}
              </Typography>
              <Typography color="text.secondary">Level {friend.userLevel}</Typography>
              {/* Each date stays whole on a phone; the line breaks between them. */}
              <Typography variant="body2" color="text.secondary">
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  Friend since {formatDate(friend.createdAt)}
                </Box>{' '}
                ·{' '}
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  Member since {formatDate(page.memberSince)}
                </Box>
              </Typography>
            </Box>
            {/* Stacked on a phone, so the two buttons take one button's width from the name. */}
            <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignSelf: 'flex-start' }}>
              {renderTravellerActions?.(friend)}
              {renderReportAction?.({ itemType: 'traveller', itemId: friend.userId, username: friend.username })}
            </Box>
          </Box>
          <CardStats stats={friend.userCardStats} dense />
          <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1, m: 0 }}>
            <Figure
              label="Places collected"
              value={`${travel.collected.toLocaleString('en-US')} of ${travel.places.toLocaleString('en-US')}`}
            />
            <Figure label="Been there" value={travel.beenThere.toLocaleString('en-US')} />
            <Figure label="Verified visits" value={travel.verified.toLocaleString('en-US')} />
          </Box>
        </Stack>
      </Paper>

      <SharedPlaces places={page.sharedPlaces} username={friend.username} />

      {renderTrips?.(page.trips, friend.username)}

      <Box component="section" aria-labelledby="friend-memories-title">
        <Typography id="friend-memories-title" variant="h5" component="h2" gutterBottom>
          {friend.username}&apos;s memories{page.memoryCount > 0 ? ` (${page.memoryCount})` : ''}
        </Typography>
        {page.memories.length === 0 ? (
          <EmptyState
            message={`${friend.username} has not shared any memories with you yet.`}
            action={
              <Typography color="text.secondary">
                Their Public and Friends memories show here as soon as they write one.
              </Typography>
            }
          />
        ) : (
          <Stack spacing={2}>
            {page.memories.map((memory) => (
              <FriendMemoryCard key={memory.memoryId} memory={memory} />
            ))}
            {page.memoryCount > page.memories.length && (
              <Typography color="text.secondary">
                The newest {page.memories.length} of {page.memoryCount} are shown here; the{' '}
                <Link component={RouterLink} to={paths.feed.href()}>
                  feed
                </Link>{' '}
                has the others.
              </Typography>
            )}
          </Stack>
        )}
      </Box>
    </Stack>
  )
}

interface SharedPlacesProps {
  places: SharedPlace[]
  username: string
}

function SharedPlaces({ places, username }: SharedPlacesProps) {
  return (
    <Box component="section" aria-labelledby="shared-places-title">
      <Typography id="shared-places-title" variant="h5" component="h2" gutterBottom>
        Places you have both been{places.length > 0 ? ` (${places.length})` : ''}
      </Typography>
      {places.length === 0 ? (
        <Typography color="text.secondary">
          You and {username} have not both been to any place yet. Mark the places you have been to on their cards, and
          the ones you share show here.
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={`Places you and ${username} have both been to: ${countOf(places.length, 'place')}`}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {places.map((place) => (
            <li key={place.cardSetId}>
              <Chip
                icon={<PlaceIcon />}
                component={RouterLink}
                to={paths.card.href(place.cardId)}
                clickable
                label={place.name}
                title={place.collectionName}
                variant="outlined"
                sx={{ maxWidth: '100%' }}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  )
}

interface FigureProps {
  label: string
  value: string
}

function Figure({ label, value }: FigureProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="subtitle1" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  )
}
