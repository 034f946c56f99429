import AppBar from '@mui/material/AppBar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Toolbar from '@mui/material/Toolbar'
import { lazy, Suspense } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { selectNewNotification } from '../../features/notifications/api'
import { selectSessionHeld, useCurrentUser } from '../../features/session/api'
import { useAppSelector } from '../../lib/hooks'
import { APP_BAR_HEIGHT } from '../../lib/layout'
import { paths } from '../../lib/paths'

import { Logo } from './Logo'

const loadLoggedInBar = () => import(/* webpackChunkName: "logged-in-bar" */ './LoggedInBar')
const LoggedInBar = lazy(async () => ({ default: (await loadLoggedInBar()).LoggedInBar }))

/** With a stored session the bar is fetched alongside the opened screen, so the header is complete at first paint. */
export function preloadLoggedInBar(): void {
  void loadLoggedInBar().catch(() => undefined)
}

/**
 * The shell's header (docs/product.md#header): the logged-out one, or the logged-in one with avatar, wallet and
 * navigation.
 */
export function Header() {
  const sessionHeld = useAppSelector(selectSessionHeld)
  const newNotification = useAppSelector(selectNewNotification)
  // The header shows name, level and balances from the user record; keeping it subscribed refreshes them on every change.
  const { data: user } = useCurrentUser()

  return (
    <AppBar position="sticky" color="primary" elevation={0}>
      <Toolbar sx={{ gap: 1, minHeight: APP_BAR_HEIGHT, px: { xs: 1, sm: 2 } }}>
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
        {sessionHeld ? (
          <>
            {/*
             * Visitors never need the navigation, so it loads on its own once a session exists; with a stored session
             * it shows while the session is checked, the name and balances following once the traveller is loaded.
             */}
            <Suspense fallback={null}>
              <LoggedInBar user={user ?? undefined} newNotification={newNotification} />
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
