import { useTheme } from '@mui/material/styles'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useState } from 'react'
import { Joyride, STATUS, type EventData, type Status, type Step } from 'react-joyride'

import type { TutorialName } from '@shared/constants'

import { APP_BAR_HEIGHT, TOUR_TARGET_GAP } from '../lib/layout'
import { readStorage, tutorialKey, writeStorage } from '../lib/storage'

export type TourStep = Step

export interface TourProps {
  /** The tour runs while localStorage `tutorial_{name}` is set (set at first registration). */
  name: TutorialName
  steps: TourStep[]
  /** Hold the tour back until the screen has rendered the steps' targets. */
  ready?: boolean
  /** Next moves straight to the following step. */
  continuous?: boolean
  /** "Next (2 of 4)" on the primary button. */
  showProgress?: boolean
  hideCloseButton?: boolean
  /** Offer a Skip button; a skipped tour shows again next time, as only finishing clears its flag. */
  showSkipButton?: boolean
  disableOverlayClose?: boolean
  disableCloseOnEsc?: boolean
  /** The last step's button. */
  lastLabel?: string
  onStatusChange?: (status: Status) => void
}

/**
 * A first-time guided tour on react-joyride (docs/product.md#tour-states); its flag is cleared only when it is
 * finished.
 */
export function Tour({
  name,
  steps,
  ready = true,
  continuous = true,
  showProgress = false,
  hideCloseButton = false,
  showSkipButton = false,
  disableOverlayClose = false,
  disableCloseOnEsc = false,
  lastLabel = 'Done',
  onStatusChange,
}: TourProps) {
  const theme = useTheme()
  const wide = useMediaQuery(theme.breakpoints.up('md'))
  // react-joyride scrolls a step's target to `scrollOffset` below the page's top, where the sticky app bar covers it.
  const appBarHeight = wide ? APP_BAR_HEIGHT.md : APP_BAR_HEIGHT.xs
  const [pending, setPending] = useState(() => readStorage(tutorialKey(name)) != null)

  const handleEvent = ({ status }: EventData) => {
    onStatusChange?.(status)
    if (status === STATUS.FINISHED) writeStorage(tutorialKey(name), null)
    if (status === STATUS.FINISHED || status === STATUS.SKIPPED) setPending(false)
  }

  if (!pending) return null
  return (
    <Joyride
      run={ready}
      steps={steps}
      continuous={continuous}
      // The first step too: a screen opened scrolled down (a restored position) would otherwise spotlight off screen.
      scrollToFirstStep
      onEvent={handleEvent}
      locale={{
        back: 'Back',
        close: 'Close',
        last: lastLabel,
        next: 'Next',
        nextWithProgress: 'Next ({current} of {total})',
        skip: 'Skip',
      }}
      options={{
        buttons: [
          'back',
          ...(showSkipButton ? (['skip'] as const) : []),
          ...(hideCloseButton ? [] : (['close'] as const)),
          'primary',
        ],
        showProgress,
        skipBeacon: true,
        scrollOffset: appBarHeight + TOUR_TARGET_GAP,
        overlayClickAction: disableOverlayClose ? false : 'close',
        dismissKeyAction: disableCloseOnEsc ? false : 'close',
        primaryColor: theme.palette.primary.main,
        backgroundColor: theme.palette.background.paper,
        arrowColor: theme.palette.background.paper,
        textColor: theme.palette.text.primary,
        zIndex: theme.zIndex.modal + 1,
      }}
    />
  )
}
