import { keyframes } from '@emotion/react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { styled, useTheme } from '@mui/material/styles'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useEffect, useEffectEvent, useRef, useState } from 'react'

import type { RevealEnd } from '../../../lib/artReveal'

export interface DrawRevealProps {
  /** 0 (a certificate only) to 5; sets the colour, the length and the shaking of the build-up. */
  highestRarity: number
  /** Card backs that fly out around the pack: a ten-draw shows them, a single draw does not. */
  extraCards: number
  /** Called once: 'played' when the animation has run its course, 'skipped' from the Skip button. */
  onDone: (how: RevealEnd) => void
}

const BUILD_UP_MS = 1_400
const BUILD_UP_PER_RARITY_MS = 250
const FLASH_MS = 450

/** The draw's reveal: a build-up that grows with the highest rarity, a flash, then the cards (about 2–4 s, skippable). */
export function DrawReveal({ highestRarity, extraCards, onDone }: DrawRevealProps) {
  const theme = useTheme()
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)')
  const skip = useRef<HTMLButtonElement>(null)
  const [flashing, setFlashing] = useState(false)
  // The timers call the onDone of the latest render without restarting when the parent passes a new function.
  const done = useEffectEvent(onDone)

  useEffect(() => {
    if (reducedMotion) {
      done('played')
      return undefined
    }
    const buildUp = BUILD_UP_MS + highestRarity * BUILD_UP_PER_RARITY_MS
    const flash = window.setTimeout(() => setFlashing(true), buildUp)
    const finish = window.setTimeout(() => done('played'), buildUp + FLASH_MS)
    return () => {
      window.clearTimeout(flash)
      window.clearTimeout(finish)
    }
  }, [highestRarity, reducedMotion])

  // Skip is the one control while the reveal plays; it takes focus so a keyboard user can end it at once.
  useEffect(() => {
    if (!reducedMotion) skip.current?.focus()
  }, [reducedMotion])

  const glow = highestRarity > 0 ? theme.rarity[highestRarity] : theme.palette.secondary.main
  const intensity = Math.max(1, highestRarity)
  return (
    <Stage role="status" aria-label="Opening your pack">
      <Halo
        style={{
          background: `radial-gradient(circle, ${glow} 0%, transparent 65%)`,
          animationDuration: `${1.6 - intensity * 0.2}s`,
        }}
      />
      {Array.from({ length: extraCards }, (_, index) => (
        <CardBack
          key={index}
          style={{
            ['--angle' as string]: `${(index - (extraCards - 1) / 2) * 14}deg`,
            animationDelay: `${300 + index * 70}ms`,
          }}
        />
      ))}
      <Pack
        style={{
          boxShadow: `0 0 ${12 * intensity}px ${4 * intensity}px ${glow}`,
          animationDuration: `${0.5 - intensity * 0.07}s`,
        }}
      />
      {flashing && <Flash />}
      <Box sx={{ position: 'absolute', bottom: 8, right: 8 }}>
        <Button ref={skip} variant="contained" color="inherit" size="small" onClick={() => onDone('skipped')}>
          Skip
        </Button>
      </Box>
    </Stage>
  )
}

const shake = keyframes`
  0%, 100% { transform: translate(0, 0) rotate(0deg); }
  25% { transform: translate(-3px, 1px) rotate(-2deg); }
  50% { transform: translate(2px, -2px) rotate(1.5deg); }
  75% { transform: translate(-1px, 2px) rotate(-1deg); }
`

const breathe = keyframes`
  0%, 100% { transform: scale(0.8); opacity: 0.55; }
  50% { transform: scale(1.15); opacity: 0.95; }
`

const fanOut = keyframes`
  from { transform: translate(-50%, -50%) rotate(0deg) translateY(0); opacity: 0; }
  to { transform: translate(-50%, -50%) rotate(var(--angle)) translateY(-70px); opacity: 1; }
`

const flash = keyframes`
  0% { opacity: 0; }
  35% { opacity: 1; }
  100% { opacity: 0; }
`

const Stage = styled('div')(({ theme }) => ({
  position: 'relative',
  height: 380,
  overflow: 'hidden',
  borderRadius: 16,
  backgroundColor: theme.palette.grey[900],
}))

const Halo = styled('div')({
  position: 'absolute',
  inset: '10%',
  animationName: breathe,
  animationTimingFunction: 'ease-in-out',
  animationIterationCount: 'infinite',
})

const Pack = styled('div')(({ theme }) => ({
  position: 'absolute',
  top: '50%',
  left: '50%',
  width: 120,
  height: 190,
  marginLeft: -60,
  marginTop: -95,
  borderRadius: 16,
  backgroundImage: `linear-gradient(160deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
  animationName: shake,
  animationTimingFunction: 'linear',
  animationIterationCount: 'infinite',
}))

const CardBack = styled('div')(({ theme }) => ({
  position: 'absolute',
  top: '50%',
  left: '50%',
  width: 70,
  height: 98,
  borderRadius: 10,
  border: '2px solid rgba(255,255,255,0.7)',
  backgroundColor: theme.palette.primary.dark,
  transformOrigin: '50% 150%',
  opacity: 0,
  animation: `${fanOut} 700ms cubic-bezier(0.22, 1, 0.36, 1) forwards`,
}))

const Flash = styled('div')({
  position: 'absolute',
  inset: 0,
  backgroundColor: '#fff',
  animation: `${flash} ${FLASH_MS}ms ease-out forwards`,
})
