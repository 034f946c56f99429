import { keyframes } from '@emotion/react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { styled, useTheme } from '@mui/material/styles'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useEffect, useEffectEvent, useRef } from 'react'

import type { RevealEnd } from '../../../lib/artReveal'

export interface FreeDrawAnimationProps {
  rarity: number
  /** Called once: 'played' when the animation has run its course, 'skipped' from the Skip button. */
  onDone: (how: RevealEnd) => void
}

const RISING_CARDS = 5
const RISE_MS = 2_000
const FLASH_AT_MS = 2_100
const STAR_AT_MS = 2_600
const STAR_MS = 1_400
/** Rarities 2 to 5 earn the rarity-coloured star after the shooting star. */
const SPECIAL_STAR_AT_MS = STAR_AT_MS + STAR_MS
const SPECIAL_STAR_MS = 1_600

/**
 * The free draw's reveal (docs/product.md#screen-free-draw-result): cards rising, a flash, a shooting star, and for
 * rarities 2–5 a star on a rarity-coloured backdrop.
 */
export function FreeDrawAnimation({ rarity, onDone }: FreeDrawAnimationProps) {
  const theme = useTheme()
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)')
  const skip = useRef<HTMLButtonElement>(null)
  const special = rarity >= 2
  // The timer calls the onDone of the latest render without restarting when the parent passes a new function.
  const done = useEffectEvent(onDone)

  useEffect(() => {
    if (reducedMotion) {
      done('played')
      return undefined
    }
    const finish = window.setTimeout(
      () => done('played'),
      special ? SPECIAL_STAR_AT_MS + SPECIAL_STAR_MS : STAR_AT_MS + STAR_MS,
    )
    return () => window.clearTimeout(finish)
  }, [reducedMotion, special])

  // Skip is the one control while the reveal plays; it takes focus so a keyboard user can end it at once.
  useEffect(() => {
    if (!reducedMotion) skip.current?.focus()
  }, [reducedMotion])

  const colour = theme.rarity[rarity] ?? theme.palette.secondary.main
  return (
    <Stage role="status" aria-label="Drawing your free card">
      {Array.from({ length: RISING_CARDS }, (_, index) => (
        <RisingCard key={index} style={{ left: `${12 + index * 17}%`, animationDelay: `${index * 180}ms` }} />
      ))}
      <Flash style={{ animationDelay: `${FLASH_AT_MS}ms` }} />
      <ShootingStar style={{ animationDelay: `${STAR_AT_MS}ms` }} aria-hidden>
        ★
      </ShootingStar>
      {special && (
        <>
          <Backdrop
            style={{
              background: `radial-gradient(circle, ${colour} 0%, transparent 70%)`,
              animationDelay: `${SPECIAL_STAR_AT_MS}ms`,
            }}
          />
          <SpecialStar style={{ color: colour, animationDelay: `${SPECIAL_STAR_AT_MS}ms` }} aria-hidden>
            ★
          </SpecialStar>
        </>
      )}
      <Box sx={{ position: 'absolute', bottom: 8, right: 8 }}>
        <Button ref={skip} variant="contained" color="inherit" size="small" onClick={() => onDone('skipped')}>
          Skip
        </Button>
      </Box>
    </Stage>
  )
}

const rise = keyframes`
  0% { transform: translateY(120%) rotate(-8deg); opacity: 0; }
  30% { opacity: 1; }
  100% { transform: translateY(-160%) rotate(8deg); opacity: 0; }
`

const flash = keyframes`
  0% { opacity: 0; }
  40% { opacity: 1; }
  100% { opacity: 0; }
`

const shoot = keyframes`
  0% { transform: translate(-10vw, 40px) scale(0.6); opacity: 0; }
  15% { opacity: 1; }
  100% { transform: translate(110%, 260px) scale(1.1); opacity: 0; }
`

const glowIn = keyframes`
  from { opacity: 0; transform: scale(0.4); }
  to { opacity: 1; transform: scale(1); }
`

const Stage = styled('div')(({ theme }) => ({
  position: 'relative',
  height: 400,
  overflow: 'hidden',
  borderRadius: 16,
  backgroundColor: theme.palette.grey[900],
}))

const RisingCard = styled('div')(({ theme }) => ({
  position: 'absolute',
  bottom: 0,
  width: 64,
  height: 90,
  borderRadius: 10,
  border: '2px solid rgba(255,255,255,0.7)',
  backgroundImage: `linear-gradient(160deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
  opacity: 0,
  animation: `${rise} ${RISE_MS}ms ease-in both`,
}))

const Flash = styled('div')({
  position: 'absolute',
  inset: 0,
  backgroundColor: '#fff',
  opacity: 0,
  animation: `${flash} 500ms ease-out both`,
})

const ShootingStar = styled('div')({
  position: 'absolute',
  top: 0,
  left: 0,
  fontSize: 40,
  color: '#FFF6C9',
  textShadow: '0 0 12px #FFF6C9, -30px -10px 18px rgba(255,246,201,0.5)',
  opacity: 0,
  animation: `${shoot} ${STAR_MS}ms ease-in both`,
})

const Backdrop = styled('div')({
  position: 'absolute',
  inset: 0,
  opacity: 0,
  animation: `${glowIn} ${SPECIAL_STAR_MS / 2}ms ease-out both`,
})

const SpecialStar = styled('div')({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  fontSize: 140,
  textShadow: '0 0 24px currentColor',
  opacity: 0,
  animation: `${glowIn} ${SPECIAL_STAR_MS / 2}ms cubic-bezier(0.22, 1, 0.36, 1) both`,
})
