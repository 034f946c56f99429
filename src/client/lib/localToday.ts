/**
 * Today's YYYY-MM-DD in the user's time zone: the calendar day of this device, written as Swedish dates are, as
 * public/earlyCalls.js writes it too. A module of its own, so the first load, which never asks for it, does not carry it.
 */
export function localToday(): string {
  return new Date().toLocaleDateString('sv')
}
