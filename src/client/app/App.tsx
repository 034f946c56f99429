import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { SnackbarProvider } from 'notistack'
import { useEffect, useState } from 'react'
import { Provider } from 'react-redux'
import { RouterProvider } from 'react-router-dom'

import { TOAST_DURATION_MS } from '@shared/constants'

import { restoreSession } from '../features/session/listeners'

import { createAppRouter } from './router'
import type { AppStore } from './store'
import { theme } from './theme'

export interface AppProps {
  store: AppStore
}

export function App({ store }: AppProps) {
  const [router] = useState(createAppRouter)
  useEffect(() => restoreSession(store.dispatch), [store])
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <SnackbarProvider
          maxSnack={4}
          autoHideDuration={TOAST_DURATION_MS}
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          <RouterProvider router={router} />
        </SnackbarProvider>
      </ThemeProvider>
    </Provider>
  )
}
