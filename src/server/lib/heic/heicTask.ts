import decodeHeic from 'heic-decode'

/** A HEIC photo decoded to RGBA pixels, or why it was not. */
export type HeicResult =
  | { ok: true; width: number; height: number; pixels: Uint8Array }
  | { ok: false; reason: 'notHeic' | 'tooManyPixels' | 'unreadable' }

/**
 * Decodes the primary image of a HEIC/HEIF file, refusing one that claims more than `maxPixels` before any pixel is
 * decoded: the header says the size, so a decompression bomb costs nothing.
 */
export async function decodeHeicTask({
  file,
  maxPixels,
}: {
  file: Uint8Array
  maxPixels: number
}): Promise<HeicResult> {
  let images: Awaited<ReturnType<typeof decodeHeic.all>>
  try {
    images = await decodeHeic.all({ buffer: file })
  } catch (error) {
    return { ok: false, reason: error instanceof TypeError ? 'notHeic' : 'unreadable' }
  }
  try {
    const primary = images[0]
    if (!primary) return { ok: false, reason: 'unreadable' }
    if (primary.width * primary.height > maxPixels) return { ok: false, reason: 'tooManyPixels' }
    const { width, height, data } = await primary.decode()
    return { ok: true, width, height, pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) }
  } catch {
    return { ok: false, reason: 'unreadable' }
  } finally {
    images.dispose()
  }
}
