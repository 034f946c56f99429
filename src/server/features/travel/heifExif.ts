/**
 * Finds the EXIF block of a HEIF/HEIC photo and answers it as a TIFF stream (what exifr reads), or null.
 *
 * exifr reads HEIC itself, but ignores the item's base offset in the `iloc` box, which libheif's encoder (and other
 * non-Apple writers) set: it then reads the wrong bytes and drops the whole block. Walking the boxes here is small,
 * bounded by the file, and gives exifr exactly the block.
 */
export function heifExifBlock(file: Buffer): Buffer | null {
  try {
    const meta = findBox(file, 0, file.length, 'meta')
    if (!meta) return null
    // `meta` is a full box: version and flags come before its children.
    const iinf = findBox(file, meta.start + 4, meta.end, 'iinf')
    const iloc = findBox(file, meta.start + 4, meta.end, 'iloc')
    if (!iinf || !iloc) return null
    const itemId = exifItemId(file, iinf)
    if (itemId === null) return null
    const extent = extentOf(file, iloc, itemId)
    if (!extent || extent.offset + extent.length > file.length || extent.length < 4) return null
    // The item starts with the offset of the TIFF header within it (usually 0, or 6 to skip "Exif\0\0").
    const headerOffset = file.readUInt32BE(extent.offset)
    const start = extent.offset + 4 + headerOffset
    const end = extent.offset + extent.length
    return start < end ? file.subarray(start, end) : null
  } catch {
    // A box that claims more than the file holds: a damaged or hostile file has no location.
    return null
  }
}

interface Box {
  start: number
  end: number
}

function findBox(file: Buffer, from: number, to: number, type: string): Box | null {
  let offset = from
  while (offset + 8 <= to) {
    let size = file.readUInt32BE(offset)
    let header = 8
    if (size === 1) {
      size = Number(file.readBigUInt64BE(offset + 8))
      header = 16
    } else if (size === 0) {
      size = to - offset
    }
    if (size < header || offset + size > to) return null
    if (file.toString('latin1', offset + 4, offset + 8) === type) return { start: offset + header, end: offset + size }
    offset += size
  }
  return null
}

function readUint(file: Buffer, offset: number, bytes: number): number {
  if (bytes === 0) return 0
  if (bytes === 2) return file.readUInt16BE(offset)
  if (bytes === 4) return file.readUInt32BE(offset)
  if (bytes === 8) return Number(file.readBigUInt64BE(offset))
  throw new RangeError(`unsupported field size ${bytes}`)
}

/** The id of the item of type 'Exif' in an `iinf` box (item info entries of version 2 or 3). */
function exifItemId(file: Buffer, iinf: Box): number | null {
  const version = file[iinf.start] ?? 0
  let offset = iinf.start + 4
  const count = readUint(file, offset, version === 0 ? 2 : 4)
  offset += version === 0 ? 2 : 4
  for (let index = 0; index < count; index += 1) {
    const infe = findBox(file, offset, iinf.end, 'infe')
    if (!infe) return null
    const infeVersion = file[infe.start] ?? 0
    if (infeVersion >= 2) {
      const idSize = infeVersion === 3 ? 4 : 2
      const id = readUint(file, infe.start + 4, idSize)
      const type = file.toString('latin1', infe.start + 4 + idSize + 2, infe.start + 4 + idSize + 6)
      if (type === 'Exif') return id
    }
    offset = infe.end
  }
  return null
}

/** Where an item's data lies in the file, from an `iloc` box: its base offset plus its first extent's offset. */
function extentOf(file: Buffer, iloc: Box, wantedId: number): { offset: number; length: number } | null {
  const version = file[iloc.start] ?? 0
  let offset = iloc.start + 4
  const sizes = file[offset] ?? 0
  const more = file[offset + 1] ?? 0
  offset += 2
  const offsetSize = sizes >> 4
  const lengthSize = sizes & 0xf
  const baseOffsetSize = more >> 4
  const indexSize = version === 1 || version === 2 ? more & 0xf : 0
  const idSize = version === 2 ? 4 : 2
  const count = readUint(file, offset, version === 2 ? 4 : 2)
  offset += version === 2 ? 4 : 2
  for (let index = 0; index < count; index += 1) {
    const id = readUint(file, offset, idSize)
    offset += idSize
    let constructionMethod = 0
    if (version === 1 || version === 2) {
      constructionMethod = file.readUInt16BE(offset) & 0xf
      offset += 2
    }
    offset += 2 // data reference index
    const baseOffset = readUint(file, offset, baseOffsetSize)
    offset += baseOffsetSize
    const extents = file.readUInt16BE(offset)
    offset += 2
    if (id === wantedId) {
      // Data kept inside the `idat` box (construction method 1) is not where an EXIF block is written in practice.
      if (constructionMethod !== 0 || extents < 1) return null
      const extentOffset = readUint(file, offset + indexSize, offsetSize)
      const length = readUint(file, offset + indexSize + offsetSize, lengthSize)
      return { offset: baseOffset + extentOffset, length }
    }
    offset += extents * (indexSize + offsetSize + lengthSize)
  }
  return null
}
