import CssBaseline from '@mui/material/CssBaseline'
import { Provider } from 'react-redux'
import { BrowserRouter } from 'react-router-dom'

import { AppThemeProvider } from './AppThemeProvider'
import { AppRoutes } from './router'
import { ToastHost } from './shell/ToastHost'
import type { AppStore } from './store'

export interface AppProps {
  store: AppStore
}

export function App({ store }: AppProps) {
  return (
    <Provider store={store}>
      <AppThemeProvider>
        <CssBaseline enableColorScheme />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <ToastHost />
      </AppThemeProvider>
    </Provider>
  )
}
