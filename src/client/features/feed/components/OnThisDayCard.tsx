import CloseIcon from '@mui/icons-material/Close'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import IconButton from '@mui/material/IconButton'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router-dom'

import type { OnThisDayMemory } from '@shared/onThisDay'
import { ON_THIS_DAY_TEXTS, yearsAgoToday } from '@shared/onThisDayTexts'

import { CardImage } from '../../../components/CardImage'
import { JourneyDates } from '../../../components/MemoryDetails'
import { PictureTile } from '../../../components/MemoryPictures'
import { truncate } from '../../../lib/format'
import { paths } from '../../../lib/paths'

export interface OnThisDayCardProps {
  memories: OnThisDayMemory[]
  onHide: () => void
}

const THUMBNAIL = { xs: 64, sm: 88 }

/** The top of the feed on a day that brings memories back: "3 years ago today: Lisbon", each opening its memory. */
export function OnThisDayCard({ memories, onHide }: OnThisDayCardProps) {
  return (
    <Card component="section" aria-labelledby="on-this-day-heading" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="on-this-day-heading" variant="h6" component="h2">
          {ON_THIS_DAY_TEXTS.heading}
        </Typography>
        <IconButton
          aria-label={ON_THIS_DAY_TEXTS.dismiss}
          title={ON_THIS_DAY_TEXTS.dismiss}
          onClick={onHide}
          edge="end"
        >
          <CloseIcon />
        </IconButton>
      </Stack>
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {memories.map(({ yearsAgo, memory }) => {
          const [picture] = memory.pictures
          const line = yearsAgoToday(yearsAgo, memory.cardName)
          return (
            <Stack component="li" key={memory.memoryId} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Box sx={{ width: THUMBNAIL, flexShrink: 0 }}>
                {picture ? (
                  <PictureTile picture={picture} alt="" sizes="88px" />
                ) : (
                  <CardImage imageId={memory.image} name={memory.cardName} rarity={memory.cardRarity} />
                )}
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Link
                  component={RouterLink}
                  to={paths.viewMemory.href(memory.memoryId)}
                  variant="subtitle1"
                  sx={{ fontWeight: 600 }}
                >
                  {line}
                </Link>
                <div>
                  <JourneyDates start={memory.memoryStartDate} end={memory.memoryEndDate} />
                </div>
                {memory.memoryContent ? (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {truncate(memory.memoryContent, 140)}
                  </Typography>
                ) : null}
              </Box>
            </Stack>
          )
        })}
      </Stack>
    </Card>
  )
}
