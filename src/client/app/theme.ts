import { alpha, createTheme, type PaletteOptions, type Theme } from '@mui/material/styles'

// Three font files, each about 20 KB: the display face at one weight, the text face regular and semibold. A weight
// asked for between them takes the nearest of these, as the browser matches weights (docs/decisions.md).
import '@fontsource/fraunces/600.css'
import '@fontsource/inter/400.css'
import '@fontsource/inter/600.css'

/** Rarity colours are theme tokens; RarityBadge pairs each with a name and a mark so colour never stands alone. */
export const RARITY_COLORS: Record<number, string> = {
  1: '#64748B',
  2: '#2A7F50',
  3: '#2F6FD6',
  4: '#7C4DEB',
  5: '#C9972B',
}

/** Text on each rarity colour, at least 4.5:1 (WCAG AA): white, but dark on Legendary gold. */
export const RARITY_TEXT_COLORS: Record<number, string> = {
  1: '#FFFFFF',
  2: '#FFFFFF',
  3: '#FFFFFF',
  4: '#FFFFFF',
  5: '#1B1B1B',
}

/** Toast backgrounds under white text, each at least 4.5:1 (notistack's own green, orange and blue are 2.2–3.3:1). */
export const TOAST_BACKGROUNDS = {
  success: '#2E7D32',
  error: '#C62828',
  warning: '#B45309',
  info: '#1565C0',
} as const

/** The keyboard focus ring of every control. */
const focusRing = (color: string) => ({ outline: `3px solid ${color}`, outlineOffset: 2 })

declare module '@mui/material/styles' {
  interface Theme {
    rarity: Record<number, string>
    rarityText: Record<number, string>
  }
  interface ThemeOptions {
    rarity?: Record<number, string>
    rarityText?: Record<number, string>
  }
}

const displayFont = '"Fraunces", Georgia, "Times New Roman", serif'
const textFont = '"Inter", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'

export type ColorScheme = 'light' | 'dark'

const PALETTES = {
  light: {
    mode: 'light',
    primary: { main: '#0F5C63', contrastText: '#FFFFFF' },
    secondary: { main: '#E8773A', contrastText: '#1B1B1B' },
    background: { default: '#FAF7F2', paper: '#FFFFFF' },
    text: { primary: '#1E2A2B', secondary: '#52605F' },
  },
  dark: {
    mode: 'dark',
    primary: { main: '#4FB3BB', contrastText: '#0B1F21' },
    secondary: { main: '#F29A63', contrastText: '#1B1B1B' },
    background: { default: '#121816', paper: '#1B2322' },
  },
} as const satisfies Record<ColorScheme, PaletteOptions>

/**
 * The theme of one colour scheme. The app follows the device's scheme by swapping between two plain themes
 * (`AppThemeProvider`) rather than one CSS-variables theme: the variables machinery (its provider, its theme builder
 * and the variable sheet it computes at start) weighed about 7 KB of the first load and a few milliseconds of the
 * first render, for a switch that happens once at most per visit.
 */
const createAppTheme = (scheme: ColorScheme) =>
  createTheme({
    palette: PALETTES[scheme],
    rarity: RARITY_COLORS,
    rarityText: RARITY_TEXT_COLORS,
    shape: { borderRadius: 12 },
    spacing: 8,
    typography: {
      fontFamily: textFont,
      fontSize: 15,
      // MUI's medium weight (subtitle2, alert titles, table heads) is the semibold file rather than one more download.
      fontWeightMedium: 600,
      h1: { fontFamily: displayFont, fontWeight: 600, fontSize: '2.6rem' },
      h2: { fontFamily: displayFont, fontWeight: 600, fontSize: '2.1rem' },
      h3: { fontFamily: displayFont, fontWeight: 600, fontSize: '1.75rem' },
      h4: { fontFamily: displayFont, fontWeight: 600, fontSize: '1.5rem' },
      h5: { fontFamily: displayFont, fontWeight: 600, fontSize: '1.25rem' },
      h6: { fontFamily: displayFont, fontWeight: 600, fontSize: '1.1rem' },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    breakpoints: { values: { xs: 0, sm: 600, md: 768, lg: 1280, xl: 1536 } },
    components: {
      // ButtonBase resets `outline` on its own class, which outranks the global :focus-visible rule below; every button,
      // icon button, chip, tab and menu item is a ButtonBase, so the ring is restored here once.
      MuiButtonBase: {
        styleOverrides: {
          root: ({ theme: t }) => ({ '&.Mui-focusVisible': focusRing(alpha(t.palette.secondary.main, 0.8)) }),
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
      MuiCard: { styleOverrides: { root: { borderRadius: 16 } } },
      MuiDialog: { styleOverrides: { paper: { borderRadius: 16 } } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiLink: { defaultProps: { underline: 'hover' } },
      MuiCssBaseline: {
        styleOverrides: (t) => ({
          body: { fontSize: 16 },
          ':focus-visible': focusRing(alpha(t.palette.secondary.main, 0.8)),
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0.01ms !important',
            },
          },
        }),
      },
    },
  })

const themes: Partial<Record<ColorScheme, Theme>> = {}

/** Each scheme's theme is built the first time it is shown. */
export function themeFor(scheme: ColorScheme): Theme {
  return (themes[scheme] ??= createAppTheme(scheme))
}
