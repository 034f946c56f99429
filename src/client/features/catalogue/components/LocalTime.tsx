import Typography from '@mui/material/Typography'
import { useEffect, useState } from 'react'

import { CATALOGUE_TEXTS } from '@shared/catalogueTexts'

const MINUTE_MS = 60_000

/** Minutes a zone is ahead of UTC at `at`, read from the browser's own time-zone data. */
function offsetMinutes(timeZone: string, at: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT'
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name)
  if (!match) return 0
  const minutes = Number(match[2]) * 60 + Number(match[3])
  return match[1] === '-' ? -minutes : minutes
}

function span(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  const hourText = hours === 1 ? '1 hour' : `${hours} hours`
  if (!rest) return hourText
  return hours ? `${hourText} ${rest} minutes` : `${rest} minutes`
}

/** "3 hours ahead of you", "5 hours 30 minutes behind you", "the same time as yours". */
export function timeDifference(placeOffset: number, ownOffset: number): string {
  const difference = placeOffset - ownOffset
  if (difference === 0) return 'the same time as yours'
  return `${span(Math.abs(difference))} ${difference > 0 ? 'ahead of' : 'behind'} you`
}

/**
 * The place's time now and how far it is from the traveller's own clock: only the browser knows where home is, so the
 * difference is worked out here from the place's IANA zone (docs/product.md#screen-card).
 */
export function LocalTime({ timeZone }: { timeZone: string }) {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE_MS)
    return () => clearInterval(timer)
  }, [])
  let text: string
  try {
    const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(now)
    text = CATALOGUE_TEXTS.localTime(time, timeDifference(offsetMinutes(timeZone, now), -now.getTimezoneOffset()))
  } catch {
    // A zone this browser does not know: say nothing rather than something wrong.
    return null
  }
  return (
    <Typography variant="body2" color="text.secondary">
      {text}
    </Typography>
  )
}
