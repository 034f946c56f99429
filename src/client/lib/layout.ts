/**
 * The sticky app bar's height per breakpoint. The header draws it and the tours scroll their targets below it, so
 * the two can never disagree.
 */
export const APP_BAR_HEIGHT = { xs: 56, md: 64 } as const

/** Room between the app bar's bottom edge and a tour's spotlight, so the spotlight's own padding clears the bar. */
export const TOUR_TARGET_GAP = 8
