import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { Provider } from 'react-redux'
import { BrowserRouter } from 'react-router-dom'

import { LoadingState } from '../components/LoadingState'

import { AppRoutes } from './router'
import { ToastHost } from './shell/ToastHost'
import type { AppStore } from './store'
import { theme } from './theme'

export interface AppProps {
  store: AppStore
}

export function App({ store }: AppProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <ToastHost />
      </ThemeProvider>
    </Provider>
  )
}

/** What the page shows from the moment the main bundle runs until the opened screen's chunk has arrived. */
export function AppLoading() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <LoadingState />
    </ThemeProvider>
  )
}
