import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'

import { formatCredit, levelProgress } from '../../../lib/format'

export interface LevelProgressProps {
  userLevel: number
  userExp: number
  expForCurrentLevel: number
  expToLevelUp: number
}

/**
 * Level and the share of it reached: (userExp − expForCurrentLevel) / expToLevelUp, to 2 decimals
 * (docs/product.md#profile-states).
 */
export function LevelProgress({ userLevel, userExp, expForCurrentLevel, expToLevelUp }: LevelProgressProps) {
  const percent = levelProgress(userExp, expForCurrentLevel, expToLevelUp)
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, mb: 0.5 }}>
        <Typography variant="h6" component="p">
          Level {userLevel}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatCredit(userExp - expForCurrentLevel)} / {formatCredit(expToLevelUp)} EXP · {percent}%
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, Math.max(0, Number(percent)))}
        aria-label={`Level ${userLevel} progress`}
        aria-valuetext={`${percent}%`}
        sx={{ height: 10, borderRadius: 5 }}
      />
    </Box>
  )
}
