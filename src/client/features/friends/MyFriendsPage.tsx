import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'

import { PRODUCT_NAME, REFERRAL_REWARD_CREDIT, REFERRAL_REWARDS_PER_MONTH } from '@shared/constants'
import { TEXTS } from '@shared/texts'

import { isFailure } from '../../api/errors'
import { EmptyState } from '../../components/EmptyState'
import { FriendCodeButton } from '../../components/FriendCodeButton'
import { ListSkeleton } from '../../components/ListSkeleton'
import { LoadFailed } from '../../components/LoadFailed'
import { ShareLinks } from '../../components/ShareLinks'
import { Tour, type TourStep } from '../../components/Tour'
import type { RenderTravellerActions } from '../../components/travellerActions'
import { usePageTitle } from '../../components/usePageTitle'
import { shareUrl } from '../../lib/config'
import { formatCredit } from '../../lib/format'
import { useCurrentUser } from '../session/api'

import { useGetMyFriendsQuery } from './api'
import { AddFriendForm } from './components/AddFriendForm'
import { FriendCard } from './components/FriendCard'
import { InvitedFriends } from './components/InvitedFriends'

const TOUR_STEPS: TourStep[] = [
  {
    target: '[data-tour="friends-code"]',
    title: 'Your friend code',
    content: 'This is your friend code. Give it to friends so they can add you, or click it to copy it.',
  },
  {
    target: '[data-tour="friends-add"]',
    title: 'Add a friend',
    content: "Type a friend's 6-character code here and press Add Friend. You become friends both ways.",
  },
  {
    target: '[data-tour="friends-share"]',
    title: 'Invite friends',
    content: `Share your profile link. For every friend who joins with it you receive ${formatCredit(REFERRAL_REWARD_CREDIT)} digital credit once they confirm their e-mail address.`,
  },
  {
    target: '[data-tour="friends-list"]',
    title: 'Your friends',
    content: 'Your friends, their levels and collections. You can tag them in your memories.',
  },
]

/**
 * My Friends (docs/product.md#screen-my-friends): own code, add by code, the profile share link, and the friend list;
 * `renderTravellerActions` goes beside each friend (app/ composes it).
 */
export function MyFriendsPage({ renderTravellerActions }: { renderTravellerActions?: RenderTravellerActions }) {
  usePageTitle('My Friends')
  const { friendCode = '', username = '' } = useCurrentUser().data ?? {}
  const { data: friends, isLoading, isFetching, error, refetch } = useGetMyFriendsQuery()

  return (
    <Stack spacing={3}>
      <Typography variant="h3" component="h1">
        My Friends
      </Typography>

      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
      >
        <Stack spacing={2}>
          <Box data-tour="friends-code">{friendCode && <FriendCodeButton friendCode={friendCode} />}</Box>
          <Box data-tour="friends-add">
            <Typography variant="h6" component="h2" gutterBottom>
              Add a friend
            </Typography>
            <AddFriendForm />
          </Box>
        </Stack>
        <Box data-tour="friends-share">
          <Typography variant="h6" component="h2" gutterBottom>
            Share your profile
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Get {formatCredit(REFERRAL_REWARD_CREDIT)} digital credit for every friend who joins with your link, paid
            when they confirm their e-mail address (up to {REFERRAL_REWARDS_PER_MONTH} friends a month).
          </Typography>
          {friendCode && (
            <ShareLinks url={shareUrl('user', friendCode)} title={`Join ${username} on ${PRODUCT_NAME}`} showUrl />
          )}
        </Box>
      </Paper>

      <Box component="section" aria-labelledby="friend-list-title" data-tour="friends-list">
        <Typography id="friend-list-title" variant="h5" component="h2" gutterBottom>
          Friends{friends && friends.length > 0 ? ` (${friends.length})` : ''}
        </Typography>
        {isLoading ? (
          <ListSkeleton label="Loading your friends" count={3} height={88} />
        ) : !friends && isFailure(error) ? (
          <LoadFailed
            message="Your friends could not be loaded."
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        ) : !friends || friends.length === 0 ? (
          <EmptyState
            message={TEXTS.empty.friends}
            action={
              <Typography color="text.secondary">Add a friend with their code, or share your link above.</Typography>
            }
          />
        ) : (
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(auto-fill, minmax(320px, 1fr))' },
            }}
          >
            {friends.map((friend) => (
              <FriendCard key={friend.userId} {...{ friend, renderTravellerActions }} />
            ))}
          </Box>
        )}
      </Box>

      <InvitedFriends />

      <Tour
        name="myFriends"
        steps={TOUR_STEPS}
        ready={!isLoading && friendCode !== ''}
        continuous
        showProgress
        showSkipButton
      />
    </Stack>
  )
}
