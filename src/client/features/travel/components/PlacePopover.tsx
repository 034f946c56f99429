import Button from '@mui/material/Button'
import ClickAwayListener from '@mui/material/ClickAwayListener'
import Paper from '@mui/material/Paper'
import Popper, { type PopperProps } from '@mui/material/Popper'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router-dom'

import { PLACE_STATUS_LABELS } from '@shared/travel'

import { paths } from '../../../lib/paths'

import type { PlaceOnMap } from './TravelMap'

export interface PlacePopoverProps {
  place: PlaceOnMap | null
  /** A point on screen that follows the place as the map moves. */
  anchor: PopperProps['anchorEl']
  popperRef: PopperProps['popperRef']
  /** Closes on a press outside it; a press on the map itself is the map's to handle (it may choose another place). */
  onClose: () => void
  isOnMap: (target: EventTarget | null) => boolean
}

/** The place a tap chose, by name, with the way to its card: a finger cannot see which 5 px marker it hit. */
export function PlacePopover({ place, anchor, popperRef, onClose, isOnMap }: PlacePopoverProps) {
  const titleId = place ? `map-place-${place.cardSetId}` : undefined
  return (
    <Popper
      open={place !== null}
      anchorEl={anchor}
      popperRef={popperRef}
      placement="top"
      modifiers={[
        { name: 'offset', options: { offset: [0, 14] } },
        { name: 'preventOverflow', options: { padding: 8 } },
        { name: 'flip', options: { padding: 8 } },
      ]}
      // Below the sticky app bar, so a scrolled page slides the popover under it rather than over it.
      sx={(theme) => ({ zIndex: theme.zIndex.appBar - 1 })}
    >
      {place && (
        <ClickAwayListener
          onClickAway={(event) => {
            if (!isOnMap(event.target)) onClose()
          }}
        >
          <Paper
            role="dialog"
            aria-labelledby={titleId}
            elevation={6}
            onKeyDown={(event) => {
              if (event.key === 'Escape') onClose()
            }}
            sx={{ p: 1.5, maxWidth: 260, display: 'grid', gap: 0.5, justifyItems: 'start' }}
          >
            <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {place.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {PLACE_STATUS_LABELS[place.status]}
              {place.wantToGo ? ' · Want to go' : ''}
            </Typography>
            <Button
              component={RouterLink}
              to={paths.card.href(place.openCardId)}
              variant="contained"
              size="small"
              sx={{ mt: 0.5 }}
            >
              Open card
            </Button>
          </Paper>
        </ClickAwayListener>
      )}
    </Popper>
  )
}
