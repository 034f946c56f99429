/** Degrees as the EXIF rationals a camera writes and sharp's withExif takes: "38/1 42/1 270000/10000". */
function rational(value: number): string {
  const absolute = Math.abs(value)
  const degrees = Math.floor(absolute)
  const minutesFull = (absolute - degrees) * 60
  const minutes = Math.floor(minutesFull)
  const seconds = Math.round((minutesFull - minutes) * 60 * 10000)
  return `${degrees}/1 ${minutes}/1 ${seconds}/10000`
}

/** The GPS block (IFD3 in sharp's withExif) of a photo taken at a position, as a phone writes it. */
export function gpsIfd(position: { latitude: number; longitude: number }): Record<string, string> {
  return {
    GPSLatitudeRef: position.latitude >= 0 ? 'N' : 'S',
    GPSLatitude: rational(position.latitude),
    GPSLongitudeRef: position.longitude >= 0 ? 'E' : 'W',
    GPSLongitude: rational(position.longitude),
  }
}
