import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'

import type { Referral, ReferralRewardStatus } from '@shared/wallet'

import { ListSkeleton } from '../../../components/ListSkeleton'
import { LoadFailed } from '../../../components/LoadFailed'
import { UserAvatar } from '../../../components/UserAvatar'
import { formatCredit, formatDate } from '../../../lib/format'
import { useGetReferralRewardsQuery } from '../api'

const STATUS_CHIP: Record<
  ReferralRewardStatus,
  { color: 'default' | 'success' | 'warning'; label: (credit: string) => string }
> = {
  pending: { color: 'warning', label: () => 'Waiting for them to confirm their e-mail' },
  paid: { color: 'success', label: (credit) => `+${credit} credit` },
  overLimit: { color: 'default', label: () => 'Over the monthly limit' },
}

function InvitedFriend({ referral, rewardCredit }: { referral: Referral; rewardCredit: string }) {
  const chip = STATUS_CHIP[referral.status]
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
    >
      <UserAvatar avatarId={referral.avatarId} username={referral.username} />
      <Box sx={{ flex: 1, minWidth: 140 }}>
        <Typography fontWeight={600} noWrap>
          {referral.username}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Joined {formatDate(referral.joinedAt)}
        </Typography>
      </Box>
      <Chip size="small" variant="outlined" color={chip.color} label={chip.label(rewardCredit)} />
    </Paper>
  )
}

/**
 * Friends who joined with the user's link or code, and where each one's reward stands: held until the friend confirms
 * their e-mail address, within a monthly number of rewards (docs/decisions.md, Social).
 */
export function InvitedFriends() {
  const { data, isLoading, isError, isFetching, refetch } = useGetReferralRewardsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  })

  return (
    <Box component="section" aria-labelledby="invited-friends-title">
      <Typography id="invited-friends-title" variant="h5" component="h2" gutterBottom>
        Friends you invited
      </Typography>
      {isLoading ? (
        <ListSkeleton label="Loading the friends you invited" count={2} height={72} />
      ) : isError || !data ? (
        <LoadFailed onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {data.pendingCount > 0 &&
              `${formatCredit(data.pendingCount * data.rewardCredit)} credit on its way when ${data.pendingCount === 1 ? 'your friend confirms their e-mail address' : 'your friends confirm their e-mail addresses'}. `}
            Rewards this month: {data.paidThisMonth} of {data.monthlyLimit}.
          </Typography>
          {data.referrals.length === 0 ? (
            <Typography color="text.secondary">No one has joined with your link yet.</Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {data.referrals.map((referral) => (
                <InvitedFriend
                  key={`${referral.username}-${referral.joinedAt}`}
                  referral={referral}
                  rewardCredit={formatCredit(data.rewardCredit)}
                />
              ))}
            </Box>
          )}
        </>
      )}
    </Box>
  )
}
