import { keyframes } from '@emotion/react'
import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Slide from '@mui/material/Slide'
import { styled } from '@mui/material/styles'
import Typography from '@mui/material/Typography'
import { useEffect, useState } from 'react'

import type { ExpGainResult } from '@shared/acquire'
import { EXPERIENCE_PANEL_HIDE_MS, EXPERIENCE_PANEL_START_MS } from '@shared/constants'

import { formatCredit } from '../../../lib/format'

export interface ExperiencePanelProps {
  result: ExpGainResult
}

function percentOfLevel(exp: number, result: ExpGainResult): number {
  if (!result.expToLevelUp) return 0
  return Math.min(100, Math.max(0, ((exp - result.expForCurrentLevel) / result.expToLevelUp) * 100))
}

/**
 * The bar fills from the level's start to the new value after 1 s, and the panel slides away after 5 s
 * (docs/product.md#experience-panel).
 */
export function ExperiencePanel({ result }: ExperiencePanelProps) {
  const [filled, setFilled] = useState(false)
  const [shown, setShown] = useState(true)

  useEffect(() => {
    const fill = window.setTimeout(() => setFilled(true), EXPERIENCE_PANEL_START_MS)
    const hide = window.setTimeout(() => setShown(false), EXPERIENCE_PANEL_HIDE_MS)
    return () => {
      window.clearTimeout(fill)
      window.clearTimeout(hide)
    }
  }, [result])

  const percent = filled ? percentOfLevel(result.expEnd, result) : 0
  return (
    <Slide direction="down" in={shown} mountOnEnter unmountOnExit appear={false}>
      <Panel elevation={3} role="status" aria-live="polite" aria-label="Experience gained">
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, mb: 1 }}>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            +{formatCredit(result.expGained)} XP
          </Typography>
          {result.levelUp ? (
            <LevelUp variant="subtitle1" component="p">
              Level Up
            </LevelUp>
          ) : null}
          <Typography variant="body2" component="p" color="text.secondary">
            Level {result.userLevel}
          </Typography>
        </Box>
        <Track
          role="progressbar"
          aria-label="Experience in this level"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
        >
          <Fill style={{ width: `${percent}%` }} />
        </Track>
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5, textAlign: 'right' }}>
          {formatCredit(result.expEnd - result.expForCurrentLevel)} / {formatCredit(result.expToLevelUp)} XP
        </Typography>
      </Panel>
    </Slide>
  )
}

const pulse = keyframes`
  0%, 100% { transform: scale(1); }
  50% { transform: scale(1.12); }
`

const Panel = styled(Paper)(({ theme }) => ({
  padding: theme.spacing(1.5, 2),
  width: '100%',
  maxWidth: 420,
  marginInline: 'auto',
}))

const Track = styled('div')(({ theme }) => ({
  height: 10,
  borderRadius: 5,
  overflow: 'hidden',
  backgroundColor: theme.palette.action.hover,
}))

const Fill = styled('div')(({ theme }) => ({
  height: '100%',
  borderRadius: 5,
  backgroundColor: theme.palette.secondary.main,
  transition: 'width 1.2s cubic-bezier(0.22, 1, 0.36, 1)',
  '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
}))

const LevelUp = styled(Typography)(({ theme }) => ({
  fontWeight: 700,
  // The brand orange is 2.9:1 on white paper; its dark shade reads at 5.5:1, while the dark scheme keeps the bright one.
  color: theme.palette.mode === 'dark' ? theme.palette.secondary.main : theme.palette.secondary.dark,
  animation: `${pulse} 0.9s ease-in-out 3`,
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
})) as typeof Typography
