import CollectionsIcon from '@mui/icons-material/Collections'
import GroupIcon from '@mui/icons-material/Group'
import HomeIcon from '@mui/icons-material/Home'
import NotificationsIcon from '@mui/icons-material/Notifications'
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive'
import PhotoAlbumIcon from '@mui/icons-material/PhotoAlbum'
import PublicIcon from '@mui/icons-material/Public'
import StyleIcon from '@mui/icons-material/Style'
import TravelExploreIcon from '@mui/icons-material/TravelExplore'
import Badge from '@mui/material/Badge'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import ButtonBase from '@mui/material/ButtonBase'
import { useTheme } from '@mui/material/styles'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import type { ReactNode } from 'react'
import { Link as RouterLink, NavLink } from 'react-router-dom'

import type { User } from '@shared/session'

import { CreditAmount } from '../../components/CreditAmount'
import { UserAvatar } from '../../components/UserAvatar'
import { paths } from '../../lib/paths'

import { Logo } from './Logo'

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const

interface NavItemProps {
  to: string
  label: string
  icon: ReactNode
  showLabel: boolean
  highlighted?: boolean
}

function NavItem({ to, label, icon, showLabel, highlighted = false }: NavItemProps) {
  const button = (
    <Button
      component={NavLink}
      to={to}
      color="inherit"
      aria-label={showLabel ? undefined : label}
      startIcon={showLabel ? icon : undefined}
      sx={{
        minWidth: 0,
        // Nine icons, the logo and the avatar fit a 390 px phone with narrower icon buttons there.
        px: showLabel ? 1.25 : { xs: 0.5, sm: 1 },
        opacity: 0.9,
        whiteSpace: 'nowrap',
        '&.active': { opacity: 1, bgcolor: 'rgba(255,255,255,0.14)' },
        ...(highlighted ? { color: 'secondary.light' } : {}),
      }}
    >
      {showLabel ? label : icon}
    </Button>
  )
  return showLabel ? button : <Tooltip title={label}>{button}</Tooltip>
}

export interface LoggedInBarProps {
  /** The traveller; the balances and the account's name and level show once it is loaded. */
  user: User | undefined
  /** The last notification check found an unread one. */
  newNotification: boolean
}

/** The logged-in part of the header: the logo, main navigation, balances and the account button. */
export function LoggedInBar({ user, newNotification }: LoggedInBarProps) {
  const theme = useTheme()
  // From md up: balances and the account button with name and level.
  const wide = useMediaQuery(theme.breakpoints.up('md'))
  // Text labels only fit beside the wallet and avatar from lg up; between md and lg the navigation shows icons with
  // tooltips, as on phones.
  const roomy = useMediaQuery(theme.breakpoints.up('lg'))
  // The wordmark beside the logo needs the room of a wide screen once eight labelled items share the bar.
  const spacious = useMediaQuery(theme.breakpoints.up('xl'))
  return (
    <>
      <Logo to={wide ? paths.home.href() : paths.myWallet.href()} compact={!wide} showName={spacious} />
      <Box
        component="nav"
        aria-label="Main"
        sx={{ display: 'flex', gap: { xs: 0, md: 0.5 }, mx: 'auto', flexWrap: 'nowrap', overflowX: 'auto' }}
      >
        <NavItem to={paths.home.href()} label="Home" icon={<HomeIcon />} showLabel={roomy} />
        <NavItem to={paths.myCollection.href()} label="Collection" icon={<CollectionsIcon />} showLabel={roomy} />
        {/* Every place and its search: Card Collections was linked from nowhere. */}
        <NavItem to={paths.cardCollections.href()} label="Explore" icon={<TravelExploreIcon />} showLabel={roomy} />
        <NavItem to={paths.myMap.href()} label="Map" icon={<PublicIcon />} showLabel={roomy} />
        <NavItem to={paths.myFriends.href()} label="Friends" icon={<GroupIcon />} showLabel={roomy} />
        <NavItem to={paths.myMemories.href()} label="Memories" icon={<PhotoAlbumIcon />} showLabel={roomy} />
        <NavItem to={paths.acquireCards.href()} label="Acquire Cards" icon={<StyleIcon />} showLabel={roomy} />
        <NavItem
          to={paths.notifications.href()}
          label={newNotification ? 'Notifications (new)' : 'Notifications'}
          highlighted={newNotification}
          showLabel={false}
          icon={
            <Badge color="secondary" variant="dot" invisible={!newNotification}>
              {newNotification ? <NotificationsActiveIcon /> : <NotificationsIcon />}
            </Badge>
          }
        />
      </Box>
      {wide && user && (
        <>
          <ButtonBase
            component={RouterLink}
            to={paths.myWallet.href()}
            sx={{ borderRadius: 2, px: 1, py: 0.5, flexDirection: 'column', alignItems: 'flex-end' }}
          >
            <Box component="span" sx={visuallyHidden}>
              My wallet:
            </Box>
            <Typography variant="caption" sx={{ opacity: 0.8, lineHeight: 1.1 }}>
              Digital · Physical
            </Typography>
            <Box sx={{ display: 'flex', gap: 1.5, fontWeight: 600 }}>
              <CreditAmount value={user.digitalCredit} label="Digital credit" />
              <CreditAmount value={user.physicalCredit} kind="physical" label="Physical credit" />
            </Box>
          </ButtonBase>
          <ButtonBase
            component={RouterLink}
            to={paths.myAccount.href()}
            aria-label={`My account: ${user.username}, Level ${user.userLevel}`}
            sx={{ borderRadius: 2, px: 1, py: 0.5, gap: 1 }}
          >
            <UserAvatar avatarId={user.avatarId} username={user.username} size={36} />
            <Box sx={{ textAlign: 'left' }}>
              <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.2, maxWidth: 140 }} noWrap>
                {user.username}
              </Typography>{' '}
              <Typography variant="caption" sx={{ opacity: 0.85 }}>
                Level {user.userLevel}
              </Typography>
            </Box>
          </ButtonBase>
        </>
      )}
      {!user && (
        // Where the account button will be, so the navigation does not shift when the traveller has loaded.
        <Box
          aria-hidden
          sx={{
            width: wide ? 240 : 32,
            height: wide ? 40 : 32,
            borderRadius: wide ? 2 : '50%',
            bgcolor: 'rgba(255,255,255,0.16)',
          }}
        />
      )}
      {!wide && user && (
        <ButtonBase
          component={RouterLink}
          to={paths.myAccount.href()}
          aria-label={`My account: ${user.username}, level ${user.userLevel}`}
          sx={{ borderRadius: '50%' }}
        >
          <UserAvatar avatarId={user.avatarId} username={user.username} size={32} />
        </ButtonBase>
      )}
    </>
  )
}
