import CssBaseline from '@mui/material/CssBaseline'
import { render, type RenderOptions } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLayoutEffect, type ReactElement } from 'react'
import { Provider } from 'react-redux'
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type InitialEntry,
  type Location,
  type NavigateFunction,
} from 'react-router-dom'

import { AppThemeProvider } from '@client/app/AppThemeProvider'
import { AppRoutes } from '@client/app/router'
import { ToastHost } from '@client/app/shell/ToastHost'
import { makeStore, type RootState } from '@client/app/store'
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
      <AppThemeProvider>
        <CssBaseline />
        {children}
        <ToastHost />
      </AppThemeProvider>
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

/** What a test sees of the router: where it is now, and a way to go elsewhere. */
export interface TestRouter {
  state: { location: Location }
  navigate: NavigateFunction
}

function RouterProbe({ onRender }: { onRender: (router: TestRouter) => void }) {
  const location = useLocation()
  const navigate = useNavigate()
  useLayoutEffect(() => {
    onRender({ state: { location }, navigate })
  })
  return null
}

/**
 * The whole app's route table at `path` (in a memory router), with a fresh store. A location with a key stands for an
 * entry the browser's history already held, as after a reload.
 */
export function renderApp(
  path: InitialEntry,
  { session = loggedInSession(), preloadedState }: Omit<Options, 'route'> = {},
) {
  const store = makeStore({ session, ...preloadedState })
  const router: Partial<TestRouter> = {}
  const user = userEvent.setup()
  const result = render(
    <Providers store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <RouterProbe onRender={(current) => Object.assign(router, current)} />
      </MemoryRouter>
    </Providers>,
  )
  return { store, user, router: router as TestRouter, ...result }
}
