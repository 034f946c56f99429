/**
 * The sticky app bar's height per breakpoint. The header draws it, the tours scroll their targets below it and toasts
 * open below it (docs/product.md#toasts), so none of them can disagree.
 */
export const APP_BAR_HEIGHT = { xs: 56, md: 64 } as const

/** Room between the app bar's bottom edge and a tour's spotlight, so the spotlight's own padding clears the bar. */
export const TOUR_TARGET_GAP = 8
