import { THEME_ID } from '@mui/material/styles'
import { ThemeProvider } from '@mui/system'
import { useSyncExternalStore, type ReactNode } from 'react'

import { themeFor, type ColorScheme } from './theme'

const DARK_QUERY = '(prefers-color-scheme: dark)'

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

const deviceScheme = (): ColorScheme => (window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light')

/**
 * The device's colour scheme, followed live. MUI's own provider also carries the CSS-variables theme machinery, which
 * the app does not use; the system provider under MUI's theme id is what it renders for a plain theme.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const scheme = useSyncExternalStore(subscribe, deviceScheme)
  return (
    <ThemeProvider themeId={THEME_ID} theme={themeFor(scheme)}>
      {children}
    </ThemeProvider>
  )
}
