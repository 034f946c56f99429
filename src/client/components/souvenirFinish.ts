import type { Theme } from '@mui/material/styles'

/**
 * A Souvenir copy's own finish (docs/product.md#souvenir-copies): its art warmed like an old print and framed by a
 * double line, like a passport stamp, wherever the copy itself is shown.
 */
export function souvenirFinish(theme: Theme) {
  return {
    filter: 'sepia(0.35) saturate(1.1)',
    outline: `3px double ${theme.palette.success.main}`,
    outlineOffset: 2,
    borderRadius: theme.shape.borderRadius,
  }
}
