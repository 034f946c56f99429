import WalletIcon from '@mui/icons-material/AccountBalanceWallet'
import AddCardIcon from '@mui/icons-material/AddCard'
import AutoStoriesIcon from '@mui/icons-material/AutoStories'
import EditIcon from '@mui/icons-material/Edit'
import GroupIcon from '@mui/icons-material/Group'
import LightbulbIcon from '@mui/icons-material/Lightbulb'
import LogoutIcon from '@mui/icons-material/Logout'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CardActionArea from '@mui/material/CardActionArea'
import CircularProgress from '@mui/material/CircularProgress'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useEffect, useState, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { PRODUCT_NAME, REFERRAL_REWARD_CREDIT, REFERRAL_REWARDS_PER_MONTH } from '@shared/constants'
import type { User } from '@shared/session'

import { sessionEnded } from '../../api/sessionEvents'
import { CardStats } from '../../components/CardStats'
import { CreditAmount } from '../../components/CreditAmount'
import { FriendCodeButton } from '../../components/FriendCodeButton'
import { LoadingState } from '../../components/LoadingState'
import { ShareLinks } from '../../components/ShareLinks'
import { usePageTitle } from '../../components/usePageTitle'
import { UserAvatar } from '../../components/UserAvatar'
import { shareUrl } from '../../lib/config'
import { countOf, formatCredit, formatDate } from '../../lib/format'
import { useAppDispatch } from '../../lib/hooks'
import { paths } from '../../lib/paths'
import { useGetUserQuery } from '../session/api'

import { AccountDataSection } from './components/AccountDataSection'
import { AccountSecurity } from './components/AccountSecurity'
import { LevelProgress } from './components/LevelProgress'
import { ProfileEditForm } from './components/ProfileEditForm'
import { useLogout } from './useLogout'

/**
 * My Account (docs/product.md#screen-my-account): the profile in view mode, or the avatar and username editor in edit
 * mode, then the password and e-mail changes; `renderOtherSections` adds other features' sections (app/ composes
 * them) above "Your data", the export and the deletion of the account.
 */
export function MyAccountPage({ renderOtherSections }: { renderOtherSections?: () => ReactNode }) {
  usePageTitle('My Account')
  const dispatch = useAppDispatch()
  const { data: user, isSuccess, isError, refetch } = useGetUserQuery()
  const [editing, setEditing] = useState(false)

  // An account fetch that answers with nothing drops the stored token (docs/product.md#session-states).
  const answeredNothing = isSuccess && user == null
  useEffect(() => {
    if (answeredNothing) dispatch(sessionEnded('expired'))
  }, [answeredNothing, dispatch])

  if (!user) {
    if (isError) {
      return (
        <Stack spacing={2} alignItems="center" sx={{ py: 6 }}>
          <Typography>Your account could not be loaded.</Typography>
          <Button variant="contained" onClick={() => refetch()}>
            Try again
          </Button>
        </Stack>
      )
    }
    return <LoadingState label="Loading your account" />
  }

  return (
    <Stack spacing={3}>
      <Typography variant="h3" component="h1">
        My Account
      </Typography>
      {editing ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <ProfileEditForm username={user.username} avatarId={user.avatarId} onDone={() => setEditing(false)} />
        </Paper>
      ) : (
        <AccountView user={user} onEdit={() => setEditing(true)} />
      )}
      {!editing && <AccountSecurity email={user.email} />}
      {!editing && renderOtherSections?.()}
      {!editing && <AccountDataSection user={user} />}
    </Stack>
  )
}

interface AccountViewProps {
  user: User
  onEdit: () => void
}

function AccountView({ user, onEdit }: AccountViewProps) {
  const { logout, isLoggingOut } = useLogout()
  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <UserAvatar avatarId={user.avatarId} username={user.username} size={88} />
          {/* A 14rem basis lets name and email drop below the avatar on phones instead of breaking letter by letter. */}
          <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
            <Typography variant="h4" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {user.username}
            </Typography>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Typography>
          </Box>
          <Button variant="outlined" startIcon={<EditIcon />} onClick={onEdit}>
            Edit Profile
          </Button>
        </Box>
        <LevelProgress
          userLevel={user.userLevel}
          userExp={user.userExp}
          expForCurrentLevel={user.expForCurrentLevel}
          expToLevelUp={user.expToLevelUp}
        />
        <Box>
          <Typography variant="h6" component="h2" gutterBottom>
            Card collection
          </Typography>
          <CardStats stats={user.userCardStats} />
          <Button
            component={RouterLink}
            to={paths.acquireCards.href()}
            variant="contained"
            color="secondary"
            startIcon={<AddCardIcon />}
            sx={{ mt: 2 }}
          >
            Acquire Cards
          </Button>
        </Box>
      </Paper>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Tile
          to={paths.myMemories.href()}
          icon={<AutoStoriesIcon />}
          title="My Memories"
          detail={countOf(user.memoryCount, 'memory', 'memories')}
        />
        <Tile
          to={paths.myFriends.href()}
          icon={<GroupIcon />}
          title="My Friends"
          detail={countOf(user.friendCount, 'friend')}
        />
        <Tile
          to={paths.myWallet.href()}
          icon={<WalletIcon />}
          title="My Wallet"
          detail={
            <Box component="span" sx={{ display: 'inline-flex', gap: 1.5, flexWrap: 'wrap' }}>
              <CreditAmount value={user.digitalCredit} label="Digital credit" />
              <CreditAmount value={user.physicalCredit} kind="physical" label="Physical credit" />
            </Box>
          }
        />
        <Paper variant="outlined" sx={{ display: 'flex' }}>
          <FriendCodeButton friendCode={user.friendCode} />
        </Paper>
      </Box>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          Invite friends, earn credit
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Share your profile: you receive {formatCredit(REFERRAL_REWARD_CREDIT)} digital credit for every friend who
          joins, once they confirm their e-mail address (up to {REFERRAL_REWARDS_PER_MONTH} friends a month).
        </Typography>
        <ShareLinks
          url={shareUrl('user', user.friendCode)}
          title={`Join ${user.username} on ${PRODUCT_NAME}`}
          showUrl
        />
      </Paper>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography color="text.secondary">Member since {formatDate(user.createdAt)}</Typography>
        <Link
          component={RouterLink}
          to={paths.requestNewContent.href()}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          <LightbulbIcon fontSize="small" aria-hidden />
          Not finding what you want? Request new content
        </Link>
        <Button
          variant="outlined"
          color="error"
          onClick={logout}
          disabled={isLoggingOut}
          startIcon={isLoggingOut ? <CircularProgress size={18} color="inherit" /> : <LogoutIcon />}
        >
          Log Out
        </Button>
      </Box>
    </>
  )
}

interface TileProps {
  to: string
  icon: ReactNode
  title: string
  detail: ReactNode
}

function Tile({ to, icon, title, detail }: TileProps) {
  return (
    <Paper variant="outlined">
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={{ p: 2, height: '100%', display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-start', gap: 1.5 }}
      >
        <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
          {icon}
        </Box>
        <Box>
          <Typography variant="subtitle1" component="span" sx={{ display: 'block', fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="span">
            {detail}
          </Typography>
        </Box>
      </CardActionArea>
    </Paper>
  )
}
