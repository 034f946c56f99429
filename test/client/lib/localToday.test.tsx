import { localToday } from '@client/lib/localToday'

describe('localToday', () => {
  afterEach(() => {
    jest.useRealTimers()
  })

  it.each([
    ['just after midnight', new Date(2026, 0, 5, 0, 0, 1), '2026-01-05'],
    ['just before midnight at the end of the year', new Date(2026, 11, 31, 23, 59, 59), '2026-12-31'],
    ['a leap day', new Date(2028, 1, 29, 12), '2028-02-29'],
  ])('is the device’s calendar day %s, as the Swedish date format writes it', (_moment, now, expected) => {
    jest.useFakeTimers({ now })
    expect(localToday()).toBe(expected)
    expect(localToday()).toBe(now.toLocaleDateString('sv'))
  })
})
