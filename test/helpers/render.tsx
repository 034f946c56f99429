import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { render, type RenderOptions } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { SnackbarProvider } from 'notistack'
import type { ReactElement } from 'react'
import { Provider } from 'react-redux'
import { MemoryRouter, RouterProvider } from 'react-router-dom'

import { createTestRouter } from '@client/app/router'
import { makeStore, type RootState } from '@client/app/store'
import { theme } from '@client/app/theme'
import { sessionApi } from '@client/features/session/api'
import { initialSessionState, type SessionState } from '@client/features/session/slice'

/** The traveller as the store's cache holds it (the header's name, level and balances). */
export function cachedUser(store: ReturnType<typeof makeStore>) {
  return sessionApi.endpoints.getUser.select()(store.getState()).data
}

/** A logged-in session for preloaded state. */
export function loggedInSession(overrides: Partial<SessionState> = {}): SessionState {
  return {
    ...initialSessionState,
    authKey: 'test-token',
    loggedIn: true,
    ...overrides,
  }
}

export const visitorSession: SessionState = { ...initialSessionState, loggedIn: false, endedBy: 'visitor' }

interface Options extends Omit<RenderOptions, 'queries'> {
  session?: SessionState
  preloadedState?: Partial<RootState>
  /** Where a component under test is mounted (MemoryRouter). */
  route?: string
}

function Providers({ store, children }: { store: ReturnType<typeof makeStore>; children: ReactElement }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider autoHideDuration={5000} anchorOrigin={{ vertical: 'top', horizontal: 'right' }}>
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </Provider>
  )
}

/** One component with a fresh store, theme, toasts and a memory router. */
export function renderWithProviders(
  ui: ReactElement,
  { session = loggedInSession(), preloadedState, route = '/', ...options }: Options = {},
) {
  const store = makeStore({ session, ...preloadedState })
  const user = userEvent.setup()
  const result = render(
    <Providers store={store}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </Providers>,
    options,
  )
  return { store, user, ...result }
}

/** The whole app's route table at `path`, with a fresh store. */
export function renderApp(path: string, { session = loggedInSession(), preloadedState }: Omit<Options, 'route'> = {}) {
  const store = makeStore({ session, ...preloadedState })
  const router = createTestRouter(path)
  const user = userEvent.setup()
  const result = render(
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>,
  )
  return { store, user, router, ...result }
}
