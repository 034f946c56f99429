import { ThemeProvider } from '@mui/system'
import { useSyncExternalStore, type ReactNode } from 'react'

import { themeFor, type ColorScheme } from './theme'

const DARK_QUERY = '(prefers-color-scheme: dark)'

// A browser without matchMedia (or a test DOM) gets the light scheme.
function subscribe(onChange: () => void): () => void {
  const query = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null
  query?.addEventListener('change', onChange)
  return () => query?.removeEventListener('change', onChange)
}

const deviceScheme = (): ColorScheme =>
  typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light'

/**
 * The device's colour scheme, followed live. MUI's own provider also carries the CSS-variables theme machinery, which
 * the app does not use; for a plain theme it renders the system provider as here.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const scheme = useSyncExternalStore(subscribe, deviceScheme)
  return <ThemeProvider theme={themeFor(scheme)}>{children}</ThemeProvider>
}
