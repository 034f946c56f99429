import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'

import { ECONOMY } from '@shared/constants'

import { useGetDrawPityQuery } from '../api'

/**
 * The draw guarantee's counter: paid cards since the last Epic or better, and how far the guaranteed one is. Shown
 * only once the server has answered, so it never shows a count the guarantee does not hold to.
 */
export function PityCounter() {
  const { data: pity } = useGetDrawPityQuery()
  if (!pity) return null
  const guarantee = ECONOMY.epicGuaranteeDraws
  const sinceEpic = Math.min(pity.drawsSinceEpic, guarantee - 1)
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="pity-counter-title"
      sx={{ p: 2, display: 'grid', gap: 0.5 }}
    >
      <Typography id="pity-counter-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Epic or better guaranteed
      </Typography>
      <LinearProgress
        variant="determinate"
        value={(sinceEpic / (guarantee - 1)) * 100}
        aria-label="Paid cards since your last Epic or better"
        aria-valuetext={`${pity.drawsSinceEpic} of ${guarantee}`}
      />
      <Typography variant="body2">
        {pity.drawsSinceEpic} paid {pity.drawsSinceEpic === 1 ? 'card' : 'cards'} since your last Epic or better.{' '}
        {pity.drawsToGuarantee === 1
          ? 'Your next card is an Epic or better.'
          : `An Epic or better comes within your next ${pity.drawsToGuarantee} cards.`}
      </Typography>
    </Paper>
  )
}
