/**
 * On This Day's texts, in a module of their own: the feed's first screen shows them, and src/shared/onThisDay.ts
 * would bring the schema library into that screen's load with them.
 */
export const ON_THIS_DAY_TEXTS = {
  heading: 'On this day',
  dismiss: 'Hide until tomorrow',
  badToday: 'today must be your calendar date, within a day of the server’s (YYYY-MM-DD).',
} as const

/** "3 years ago today: Lisbon", the line a returning memory is shown with, in the app and in the e-mail. */
export function yearsAgoToday(yearsAgo: number, place: string): string {
  return `${yearsAgo} ${yearsAgo === 1 ? 'year' : 'years'} ago today: ${place}`
}
