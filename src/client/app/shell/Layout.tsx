import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import { Suspense } from 'react'
import { Outlet, ScrollRestoration } from 'react-router-dom'

import { LoadingState } from '../../components/LoadingState'

import { Footer } from './Footer'
import { Header } from './Header'
import { NotFindingButton } from './NotFindingButton'

export function Layout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header />
      <Container
        component="main"
        id="main"
        maxWidth="lg"
        sx={{ flex: 1, pt: { xs: 2, md: 4 }, pb: 4, px: { xs: 1.5, sm: 3 } }}
      >
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </Container>
      <NotFindingButton />
      <Footer />
      <ScrollRestoration />
    </Box>
  )
}
