import Box from '@mui/material/Box'
import { lazy, Suspense } from 'react'
import { Outlet } from 'react-router-dom'

import { LeftOutOnError } from '../../components/LeftOutOnError'
import { PageSkeleton } from '../../components/PageSkeleton'
import { selectLoggedIn } from '../../features/session/api'
import { useAppSelector } from '../../lib/hooks'
import { RouterLocationSync } from '../../lib/qaReplay/RouterLocationSync'

import { Footer } from './Footer'
import { Header, preloadLoggedInBar } from './Header'
import { RouteFocus } from './RouteFocus'
import { ScrollRestoration } from './ScrollRestoration'

/** Shown to logged-in users only, so visitors' first load does without them. */
const loadEmailVerificationBanner = () =>
  import(/* webpackChunkName: "logged-in-banner" */ '../../features/session/EmailVerificationBanner')
const NotFindingButton = lazy(async () => ({ default: (await import('./NotFindingButton')).NotFindingButton }))
const EmailVerificationBanner = lazy(async () => ({
  default: (await loadEmailVerificationBanner()).EmailVerificationBanner,
}))

/**
 * With a stored session the logged-in header and the banner are fetched alongside the opened screen. The banner shares
 * the screen's boundary, and asked for only once the session had been checked and the layout rendered, it was a second
 * round of requests that the screen waited for. The content-request button is left to arrive after the screen: shown
 * before it, at the foot of a screen still holding its skeleton, it was pushed down when the screen filled in.
 */
export function preloadLoggedInShell(): void {
  preloadLoggedInBar()
  void loadEmailVerificationBanner().catch(() => undefined)
}

export function Layout() {
  const loggedIn = useAppSelector(selectLoggedIn)
  return (
    <>
      {/*
       * The first screen holds the header, the page and the content-request button, which sits at its foot when the
       * page is short. The footer starts below it, so a screen filling in (a skeleton, then its content) never moves
       * the footer within sight: on a slow phone it jumped down once or twice per page load.
       */}
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
        <Header />
        <Box
          component="main"
          id="main"
          sx={{
            flex: 1,
            width: '100%',
            maxWidth: 'lg',
            mx: 'auto',
            pt: { xs: 2, md: 4 },
            pb: 4,
            px: { xs: 1.5, sm: 3 },
          }}
        >
          {/*
           * The banner shares the page's boundary, so they appear together: in a boundary of its own its code arrived
           * after the page had been drawn, and the page jumped down by the banner's height on a new traveller's every
           * first screen (a layout shift of 0.14 on /cardCollections, docs/benchmarks.md).
           */}
          <Suspense fallback={<PageSkeleton />}>
            {loggedIn && (
              <LeftOutOnError>
                <EmailVerificationBanner />
              </LeftOutOnError>
            )}
            <Outlet />
          </Suspense>
        </Box>
        {loggedIn && (
          // Optional: if its code cannot be fetched, the screen goes on without it.
          <LeftOutOnError>
            <Suspense fallback={null}>
              <NotFindingButton />
            </Suspense>
          </LeftOutOnError>
        )}
      </Box>
      <Footer />
      <ScrollRestoration />
      <RouteFocus />
      <RouterLocationSync />
    </>
  )
}
