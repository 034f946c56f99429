/**
 * Finds the EXIF chunk of a WebP photo and answers it as a TIFF stream (what exifr reads), or null for a file that is
 * not a WebP or has none. exifr reads JPEG, PNG, HEIF and TIFF but not WebP's RIFF container, so a WebP straight from a
 * phone would otherwise lose its date and place. Walking the chunks is small and bounded by the file.
 */
export function webpExifBlock(file: Buffer): Buffer | null {
  if (file.length < 12 || file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WEBP')
    return null
  let offset = 12
  while (offset + 8 <= file.length) {
    const type = file.toString('latin1', offset, offset + 4)
    const size = file.readUInt32LE(offset + 4)
    const start = offset + 8
    const end = start + size
    // A chunk that claims more than the file holds: a damaged or hostile file has no location.
    if (end > file.length) return null
    if (type === 'EXIF') {
      const block = file.subarray(start, end)
      // Some writers keep JPEG's "Exif\0\0" before the TIFF header.
      return block.toString('latin1', 0, 6) === 'Exif\0\0' ? block.subarray(6) : block
    }
    // Chunks are padded to an even length.
    offset = end + (size % 2)
  }
  return null
}
