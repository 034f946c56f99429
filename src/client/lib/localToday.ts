/**
 * Today's YYYY-MM-DD in the user's time zone: the calendar day of this device, as public/earlyCalls.js writes it too.
 * Read from the date's own fields rather than a locale's format: a page's first use of Intl sets up the browser's locale
 * data, which took 35-130 ms of the main thread on a cold page (docs/benchmarks.md). A module of its own, so the first
 * load, which never asks for it, does not carry it.
 */
export function localToday(): string {
  const now = new Date()
  const twoDigits = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`
}
