import sharp from 'sharp'

import { gpsIfd } from '../../helpers/photos/exif'

/**
 * A real JPEG carrying EXIF written by libvips: a GPS position (latitude, longitude) and a capture date, as a phone
 * camera writes them. Without `position`, no GPS block at all.
 */
export async function geotaggedJpeg(
  options: { position?: { latitude: number; longitude: number }; takenAt?: string } = {},
): Promise<Buffer> {
  const { position, takenAt = '2025:06:03 14:22:10' } = options
  const exif: Record<string, Record<string, string>> = {
    IFD0: { Make: 'TestCam' },
    IFD2: { DateTimeOriginal: takenAt },
  }
  if (position) exif.IFD3 = gpsIfd(position)
  return sharp({ create: { width: 320, height: 240, channels: 3, background: '#d98a3a' } })
    .jpeg()
    .withExif(exif)
    .toBuffer()
}

/** Places the tests photograph: the positions are where a traveller would stand. */
export const SPOTS = {
  /** Praça do Comércio, Lisbon. */
  lisbon: { latitude: 38.7075, longitude: -9.1364 },
  /** Sintra's palace, 25 km from Lisbon's centre: the metropolitan area, still Lisbon by its radius. */
  sintra: { latitude: 38.7976, longitude: -9.3906 },
  /** Puerta del Sol, Madrid. */
  madrid: { latitude: 40.4169, longitude: -3.7035 },
  /** The bridge over the Guadiana between Elvas and Badajoz: the Portugal–Spain border itself. */
  border: { latitude: 38.8806, longitude: -7.0335 },
  /** Salamanca, 90 km inside Spain. */
  salamanca: { latitude: 40.9701, longitude: -5.6635 },
  /** Porto's Ribeira, on the Douro. */
  porto: { latitude: 41.1406, longitude: -8.6113 },
} as const
