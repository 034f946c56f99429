import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { Provider } from 'react-redux'
import { BrowserRouter } from 'react-router-dom'

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
