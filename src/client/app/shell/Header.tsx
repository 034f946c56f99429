import CollectionsIcon from '@mui/icons-material/Collections'
import GroupIcon from '@mui/icons-material/Group'
import HomeIcon from '@mui/icons-material/Home'
import NotificationsIcon from '@mui/icons-material/Notifications'
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive'
import PhotoAlbumIcon from '@mui/icons-material/PhotoAlbum'
import StyleIcon from '@mui/icons-material/Style'
import AppBar from '@mui/material/AppBar'
import Badge from '@mui/material/Badge'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import ButtonBase from '@mui/material/ButtonBase'
import { useTheme } from '@mui/material/styles'
import Toolbar from '@mui/material/Toolbar'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import type { ReactNode } from 'react'
import { Link as RouterLink, NavLink } from 'react-router-dom'

import { PRODUCT_NAME } from '@shared/constants'

import { CreditAmount } from '../../components/CreditAmount'
import { UserAvatar } from '../../components/UserAvatar'
import { useGetUserQuery } from '../../features/session/api'
import { selectSession } from '../../features/session/slice'
import { API_BASE_URL } from '../../lib/config'
import { useAppSelector } from '../hooks'
import { paths } from '../paths'

function Logo({ to, compact, showName = !compact }: { to: string; compact: boolean; showName?: boolean }) {
  return (
    <ButtonBase
      component={RouterLink}
      to={to}
      aria-label={compact ? `${PRODUCT_NAME}: my wallet` : `${PRODUCT_NAME} home`}
      sx={{ borderRadius: 2, px: 0.5, gap: 1 }}
    >
      <Box
        component="img"
        src={`${API_BASE_URL}/image/icon.png`}
        alt=""
        width={36}
        height={36}
        sx={{ borderRadius: 1.5 }}
      />
      {showName && (
        <Typography variant="h6" component="span" sx={{ color: 'inherit', fontWeight: 700 }}>
          {PRODUCT_NAME}
        </Typography>
      )}
    </ButtonBase>
  )
}

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
        px: showLabel ? 1.25 : 1,
        opacity: 0.9,
        '&.active': { opacity: 1, bgcolor: 'rgba(255,255,255,0.14)' },
        ...(highlighted ? { color: 'secondary.light' } : {}),
      }}
    >
      {showLabel ? label : icon}
    </Button>
  )
  return showLabel ? button : <Tooltip title={label}>{button}</Tooltip>
}

/**
 * The shell's header (docs/product.md#header): the logged-out one, or the logged-in one with avatar, wallet and
 * navigation.
 */
export function Header() {
  const session = useAppSelector(selectSession)
  // The header shows level and balances from the user record; keeping it subscribed refreshes them on every change.
  useGetUserQuery(undefined, { skip: !session.loggedIn })
  const theme = useTheme()
  const wide = useMediaQuery(theme.breakpoints.up('md'))
  // Text labels, and the wordmark beside the logo, only fit beside the wallet and avatar from lg up; between md and lg
  // the navigation shows icons with tooltips, as on phones.
  const roomy = useMediaQuery(theme.breakpoints.up('lg'))

  return (
    <AppBar position="sticky" color="primary" elevation={0}>
      <Toolbar sx={{ gap: 1, minHeight: { xs: 56, md: 64 }, px: { xs: 1, sm: 2 } }}>
        <Box
          component="a"
          href="#main"
          sx={{
            position: 'absolute',
            left: -9999,
            '&:focus': { left: 8, top: 8, bgcolor: 'background.paper', color: 'text.primary', p: 1, zIndex: 10 },
          }}
        >
          Skip to content
        </Box>
        {session.loggedIn ? (
          <>
            <Logo to={wide ? paths.home.href() : paths.myWallet.href()} compact={!wide} showName={roomy} />
            <Box
              component="nav"
              aria-label="Main"
              sx={{ display: 'flex', gap: { xs: 0, md: 0.5 }, mx: 'auto', flexWrap: 'nowrap', overflowX: 'auto' }}
            >
              <NavItem to={paths.home.href()} label="Home" icon={<HomeIcon />} showLabel={roomy} />
              <NavItem to={paths.myCollection.href()} label="Collection" icon={<CollectionsIcon />} showLabel={roomy} />
              <NavItem to={paths.myFriends.href()} label="Friends" icon={<GroupIcon />} showLabel={roomy} />
              <NavItem to={paths.myMemories.href()} label="Memories" icon={<PhotoAlbumIcon />} showLabel={roomy} />
              <NavItem to={paths.acquireCards.href()} label="Acquire Cards" icon={<StyleIcon />} showLabel={roomy} />
              <NavItem
                to={paths.notifications.href()}
                label={session.newNotification ? 'Notifications (new)' : 'Notifications'}
                highlighted={session.newNotification}
                showLabel={false}
                icon={
                  <Badge color="secondary" variant="dot" invisible={!session.newNotification}>
                    {session.newNotification ? <NotificationsActiveIcon /> : <NotificationsIcon />}
                  </Badge>
                }
              />
            </Box>
            {wide && (
              <>
                <ButtonBase
                  component={RouterLink}
                  to={paths.myWallet.href()}
                  aria-label="My wallet"
                  sx={{ borderRadius: 2, px: 1, py: 0.5, flexDirection: 'column', alignItems: 'flex-end' }}
                >
                  <Typography variant="caption" sx={{ opacity: 0.8, lineHeight: 1.1 }}>
                    Digital · Physical
                  </Typography>
                  <Box sx={{ display: 'flex', gap: 1.5, fontWeight: 600 }}>
                    <CreditAmount value={session.digitalCredit} label="Digital credit" />
                    <CreditAmount value={session.physicalCredit} kind="physical" label="Physical credit" />
                  </Box>
                </ButtonBase>
                <ButtonBase
                  component={RouterLink}
                  to={paths.myAccount.href()}
                  aria-label="My account"
                  sx={{ borderRadius: 2, px: 1, py: 0.5, gap: 1 }}
                >
                  <UserAvatar avatarId={session.avatarId} username={session.username} size={36} />
                  <Box sx={{ textAlign: 'left' }}>
                    <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.2, maxWidth: 140 }} noWrap>
                      {session.username}
                    </Typography>
                    <Typography variant="caption" sx={{ opacity: 0.85 }}>
                      Level {session.userLevel}
                    </Typography>
                  </Box>
                </ButtonBase>
              </>
            )}
            {!wide && (
              <ButtonBase
                component={RouterLink}
                to={paths.myAccount.href()}
                aria-label={`My account: ${session.username}, level ${session.userLevel}`}
                sx={{ borderRadius: '50%' }}
              >
                <UserAvatar avatarId={session.avatarId} username={session.username} size={32} />
              </ButtonBase>
            )}
          </>
        ) : (
          <>
            <Logo to={paths.home.href()} compact={false} />
            <Box sx={{ flex: 1 }} />
            <Button
              component={RouterLink}
              to={paths.login.href()}
              color="inherit"
              variant="outlined"
              sx={{ borderColor: 'rgba(255,255,255,0.6)' }}
            >
              Log In
            </Button>
          </>
        )}
      </Toolbar>
    </AppBar>
  )
}
