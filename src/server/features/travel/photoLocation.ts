import exifr from 'exifr'

import type { LonLat } from './geography'
import { heifExifBlock } from './heifExif'
import { webpExifBlock } from './webpExif'

export interface PhotoLocation {
  /** Where the camera says the picture was taken; null without a usable GPS position. */
  position: LonLat | null
  /** The day it was taken by the camera's own clock (YYYY-MM-DD); null when it does not say. */
  takenOn: string | null
}

/** EXIF writes dates as `YYYY:MM:DD[ hh:mm:ss]`, in the camera's local time. */
const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})/

function plainDate(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const match = EXIF_DATE.exec(value)
  if (!match) return null
  const date = `${match[1]}-${match[2]}-${match[3]}`
  const parsed = new Date(`${date}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date ? date : null
}

/**
 * Reads the GPS position and the capture date from the original upload, before it is re-encoded without metadata.
 * Only the GPS block and two date tags are parsed; a picture whose metadata cannot be read simply has no location.
 */
export async function readPhotoLocation(upload: Buffer): Promise<PhotoLocation> {
  let tags: Record<string, unknown> | undefined
  const isHeif = upload.length >= 12 && upload.toString('latin1', 4, 8) === 'ftyp'
  const isWebp = upload.length >= 12 && upload.toString('latin1', 0, 4) === 'RIFF'
  const source = isHeif ? heifExifBlock(upload) : isWebp ? webpExifBlock(upload) : upload
  if (!source) return { position: null, takenOn: null }
  try {
    tags = (await exifr.parse(source, {
      tiff: false,
      ifd1: false,
      exif: { pick: ['DateTimeOriginal', 'CreateDate'] },
      gps: true,
      interop: false,
      xmp: false,
      icc: false,
      iptc: false,
      jfif: false,
      ihdr: false,
      reviveValues: false,
      translateValues: false,
    })) as Record<string, unknown> | undefined
  } catch {
    return { position: null, takenOn: null }
  }
  const { latitude, longitude } = tags ?? {}
  const valid =
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180 &&
    // A camera without a fix writes 0/0, which is sea, not a place.
    !(latitude === 0 && longitude === 0)
  return {
    position: valid ? [longitude, latitude] : null,
    takenOn: plainDate(tags?.DateTimeOriginal) ?? plainDate(tags?.CreateDate) ?? plainDate(tags?.GPSDateStamp),
  }
}
