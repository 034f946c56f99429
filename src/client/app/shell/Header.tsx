import AppBar from '@mui/material/AppBar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import ButtonBase from '@mui/material/ButtonBase'
import { useTheme } from '@mui/material/styles'
import Toolbar from '@mui/material/Toolbar'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { lazy, Suspense } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { PRODUCT_NAME } from '@shared/constants'

import { selectNewNotification } from '../../features/notifications/api'
import { selectLoggedIn, useCurrentUser } from '../../features/session/api'
import { API_BASE_URL } from '../../lib/config'
import { useAppSelector } from '../hooks'
import { paths } from '../paths'

const LoggedInBar = lazy(async () => ({ default: (await import('./LoggedInBar')).LoggedInBar }))

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

/**
 * The shell's header (docs/product.md#header): the logged-out one, or the logged-in one with avatar, wallet and
 * navigation.
 */
export function Header() {
  const loggedIn = useAppSelector(selectLoggedIn)
  const newNotification = useAppSelector(selectNewNotification)
  // The header shows name, level and balances from the user record; keeping it subscribed refreshes them on every change.
  const { data: user } = useCurrentUser()
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
        {loggedIn ? (
          <>
            <Logo to={wide ? paths.home.href() : paths.myWallet.href()} compact={!wide} showName={roomy} />
            {/* Visitors never need the navigation, so it loads on its own once a session exists. */}
            <Suspense fallback={null}>
              <LoggedInBar user={user ?? undefined} newNotification={newNotification} wide={wide} roomy={roomy} />
            </Suspense>
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
