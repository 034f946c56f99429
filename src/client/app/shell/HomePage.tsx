import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { lazy, Suspense, useEffect } from 'react'
import { Navigate, useSearchParams } from 'react-router-dom'

import { PRODUCT_TAGLINE } from '@shared/constants'

import { REGISTRATION_CACHE_KEY } from '../../components/RegistrationForm'
import { usePageTitle } from '../../components/usePageTitle'
import { useRegisterMutation, selectLoggedIn } from '../../features/session/api'
import { useAppSelector } from '../../lib/hooks'
import { paths } from '../../lib/paths'
import { STORAGE_KEYS, writeStorage } from '../../lib/storage'

import { SignUpPanel } from './SignUpPanel'

const HomeShowcase = lazy(async () => ({
  default: (await import(/* webpackChunkName: "home-showcase" */ './HomeShowcase')).HomeShowcase,
}))

/** Visitors' landing page; logged-in users go to their feed. */
export function HomePage() {
  usePageTitle('Home')
  const loggedIn = useAppSelector(selectLoggedIn)
  const [, registration] = useRegisterMutation({ fixedCacheKey: REGISTRATION_CACHE_KEY })
  const [searchParams] = useSearchParams()
  const friendCode = searchParams.get('r') ?? ''
  const ref = searchParams.get('ref')

  useEffect(() => {
    if (ref) writeStorage(STORAGE_KEYS.referralCode, ref)
  }, [ref])

  // A user who just signed up here is on the way to /welcome; anyone else logged in goes to the feed.
  if (loggedIn) return registration.isUninitialized ? <Navigate to={paths.feed.href()} replace /> : null

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 5, md: 8 } }}>
      <Box
        component="section"
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          gap: 4,
          alignItems: 'center',
          pt: { md: 2 },
        }}
      >
        <Box sx={{ flex: 1 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '2.2rem', md: '3.2rem' }, lineHeight: 1.1 }}>
            Every place you love, as a card you keep.
          </Typography>
          <Typography
            variant="h6"
            component="p"
            color="text.secondary"
            sx={{ mt: 2, fontFamily: 'inherit', fontWeight: 400, maxWidth: '60ch' }}
          >
            {PRODUCT_TAGLINE}. Collect cities, states and countries in five rarities, write your travel memories on
            them, and share the journey with friends.
          </Typography>
        </Box>
        <SignUpPanel friendCode={friendCode} idPrefix="hero" heading="Start your collection" />
      </Box>

      {/* At least a screen high while it loads, so the footer stays below the fold instead of jumping down. */}
      <Suspense fallback={<Box sx={{ minHeight: '100vh' }} />}>
        <HomeShowcase friendCode={friendCode} />
      </Suspense>
    </Box>
  )
}
