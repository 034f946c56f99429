import { keyframes } from '@emotion/react'
import ButtonBase from '@mui/material/ButtonBase'
import { styled } from '@mui/material/styles'

import { PRODUCT_NAME } from '@shared/constants'

export interface PackButtonProps {
  label: string
  disabled?: boolean
  onClick: () => void
}

/** A sealed card pack; any pack of a row gives the same draw, the choice is part of the fun. */
export function PackButton({ label, disabled = false, onClick }: PackButtonProps) {
  return (
    <Pack focusRipple aria-label={label} disabled={disabled} onClick={onClick}>
      <Seal aria-hidden>✦</Seal>
      <Wordmark aria-hidden data-wordmark={PRODUCT_NAME} />
      <Tagline aria-hidden data-tagline="Travel cards" />
    </Pack>
  )
}

const shimmer = keyframes`
  from { background-position: -160% 0, 0 0; }
  to { background-position: 260% 0, 0 0; }
`

const Pack = styled(ButtonBase)(({ theme }) => ({
  flex: '1 1 0',
  minWidth: 0,
  maxWidth: 160,
  containerType: 'inline-size',
  aspectRatio: '5 / 8',
  borderRadius: 16,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(0.5),
  padding: theme.spacing(1),
  color: theme.palette.primary.contrastText,
  backgroundImage: `linear-gradient(110deg, transparent 30%, rgba(255,255,255,0.35) 45%, transparent 60%), linear-gradient(160deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
  backgroundSize: '200% 100%, 100% 100%',
  backgroundRepeat: 'no-repeat',
  boxShadow: theme.shadows[4],
  transition: 'transform 200ms ease, box-shadow 200ms ease',
  '&:hover, &.Mui-focusVisible': { transform: 'translateY(-6px) rotate(-1deg)', boxShadow: theme.shadows[10] },
  '&:hover': { animation: `${shimmer} 1.4s linear infinite` },
  '&.Mui-disabled': { opacity: 0.6 },
  '@media (prefers-reduced-motion: reduce)': {
    transition: 'none',
    '&:hover': { animation: 'none' },
    '&:hover, &.Mui-focusVisible': { transform: 'none' },
  },
}))

const Seal = styled('span')(({ theme }) => ({
  width: 44,
  height: 44,
  borderRadius: '50%',
  display: 'grid',
  placeItems: 'center',
  fontSize: 22,
  marginBottom: theme.spacing(1),
  backgroundColor: 'rgba(255,255,255,0.2)',
  border: '2px solid rgba(255,255,255,0.6)',
}))

/*
 * The wordmark and tagline are the pack's printed artwork, drawn as generated content so they are not part of the
 * button's text: its name says what it does ("Draw from pack 2"), and three packs with the same printed words would
 * otherwise each carry a name that does not match what they show.
 */
const Wordmark = styled('span')(({ theme }) => ({
  ...theme.typography.h6,
  color: 'inherit',
  lineHeight: 1.1,
  // Scales with the pack (a container) so the wordmark fits three packs across a 360 px phone.
  fontSize: `min(${theme.typography.h6.fontSize}, 16cqi)`,
  maxWidth: '100%',
  '&::before': { content: 'attr(data-wordmark)' },
}))

const Tagline = styled('span')(({ theme }) => ({
  ...theme.typography.caption,
  color: 'inherit',
  opacity: 0.85,
  '&::before': { content: 'attr(data-tagline)' },
}))
