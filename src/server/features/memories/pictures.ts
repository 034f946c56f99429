import sharp from 'sharp'

import type { MemoryPicture } from '@shared/memories'
import { PHOTO_IMPORT_TEXTS } from '@shared/photoImport'

import { blobFolder, type BlobStore } from '../../lib/blobStore'
import { AppError } from '../../lib/errors'
import { decodeHeic } from '../../lib/heic/heicDecoder'
import type { PictureSigner } from '../../lib/pictureSigner'
import { newId } from '../../lib/random'

/** Pictures are resized to fit this box; enough for a full-screen view, small enough to load on a phone. */
export const PICTURE_MAX_SIDE = 2048
/** Refuses decompression bombs: a 10 MB PNG can claim billions of pixels. 50 MP covers every phone camera. */
const MAX_INPUT_PIXELS = 50_000_000

const NOT_AN_IMAGE = 'The picture must be a PNG or JPEG image.'
const TOO_MANY_PIXELS = `The picture is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels. Please choose a smaller PNG or JPEG image.`

const FORMATS = {
  png: { extension: 'png', contentType: 'image/png' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
} as const

export interface ProcessedPicture {
  fileName: string
  data: Buffer
  width: number
  height: number
}

type InputFormat = 'png' | 'jpeg' | 'webp' | 'heic'

/** The HEIF brands of photos (a phone's HEIC, its bursts, and generic HEIF); AVIF is not one of them. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'])

function sniffFormat(data: Buffer): InputFormat | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png'
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg'
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP')
    return 'webp'
  if (data.length >= 12 && data.toString('latin1', 4, 8) === 'ftyp' && HEIF_BRANDS.has(data.toString('latin1', 8, 12)))
    return 'heic'
  return null
}

/** The texts of a refusal, which differ between the memory form (PNG or JPEG) and the photo import (four formats). */
interface Refusals {
  notAnImage: string
  tooManyPixels: string
  unreadable: string
}

const FORM_REFUSALS: Refusals = {
  notAnImage: NOT_AN_IMAGE,
  tooManyPixels: TOO_MANY_PIXELS,
  unreadable: 'The picture could not be read. Please choose another PNG or JPEG image.',
}

const PHOTO_REFUSALS: Refusals = {
  notAnImage: PHOTO_IMPORT_TEXTS.notAPhoto,
  tooManyPixels: `The photo is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
  unreadable: 'The photo could not be read. It may be damaged, or not the image its name says.',
}

/**
 * Checks the type by content (the name and the declared type are ignored), then re-encodes: the EXIF orientation is
 * applied and every metadata block (EXIF with GPS, XMP, ICC comments) is dropped because sharp keeps none unless asked.
 * The memory form takes PNG and JPEG (SPEC).
 */
export async function processPicture(input: Buffer): Promise<ProcessedPicture> {
  const format = sniffFormat(input)
  if (format !== 'png' && format !== 'jpeg') throw new AppError('BadRequest', NOT_AN_IMAGE)
  return reencode(input, format, FORM_REFUSALS)
}

/**
 * A photo for the photo import: JPEG, PNG, WebP or HEIC by content. HEIC is decoded by libheif on worker threads
 * (lib/heic) and stored as JPEG; WebP is stored as JPEG, or PNG when it has transparency, so the stored formats stay
 * the two every browser and the picture routes know.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPicture> {
  const format = sniffFormat(input)
  if (!format) throw new AppError('BadRequest', PHOTO_IMPORT_TEXTS.notAPhoto)
  if (format !== 'heic') return reencode(input, format, PHOTO_REFUSALS)
  const decoded = await decodeHeic(input, MAX_INPUT_PIXELS).catch((error: unknown) => {
    // A queue of photos longer than the decoding threads can work through in time: busy, not the photo's fault.
    if (error instanceof Error && error.name === 'AbortError')
      throw new AppError('Unavailable', 'Photos are arriving faster than they can be read. Please try this one again.')
    throw error
  })
  if (!decoded.ok) {
    if (decoded.reason === 'tooManyPixels') throw new AppError('BadRequest', PHOTO_REFUSALS.tooManyPixels)
    throw new AppError('BadRequest', PHOTO_REFUSALS.unreadable)
  }
  const pixels = sharp(Buffer.from(decoded.pixels.buffer, decoded.pixels.byteOffset, decoded.pixels.byteLength), {
    raw: { width: decoded.width, height: decoded.height, channels: 4 },
  })
  // libheif has applied the photo's rotation already; the pixels carry no alpha worth keeping in a camera photo.
  const { data, info } = await pixels
    .resize({ width: PICTURE_MAX_SIDE, height: PICTURE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer({ resolveWithObject: true })
  return { fileName: `${newId()}.${FORMATS.jpeg.extension}`, data, width: info.width, height: info.height }
}

async function reencode(
  input: Buffer,
  format: Exclude<InputFormat, 'heic'>,
  refusals: Refusals,
): Promise<ProcessedPicture> {
  try {
    // The header alone says the size, so a picture over the pixel limit is refused as too large before any decoding;
    // the decoder's own limit below stays as the guard.
    const header = await sharp(input, { limitInputPixels: false }).metadata()
    if (header.format !== format) throw new AppError('BadRequest', refusals.notAnImage)
    if (header.width * header.height > MAX_INPUT_PIXELS) throw new AppError('BadRequest', refusals.tooManyPixels)
    const stored = format === 'png' || (format === 'webp' && header.hasAlpha) ? 'png' : 'jpeg'
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    const resized = image
      .rotate()
      .resize({ width: PICTURE_MAX_SIDE, height: PICTURE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    const encoded =
      stored === 'png' ? resized.png({ compressionLevel: 8 }) : resized.jpeg({ quality: 85, mozjpeg: true })
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    return { fileName: `${newId()}.${FORMATS[stored].extension}`, data, width: info.width, height: info.height }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError('BadRequest', refusals.unreadable)
  }
}

/** Memory pictures' folder in the app's blob store. */
export function memoryPictureStore(blobs: BlobStore): BlobStore {
  return blobFolder(blobs, 'memory-pictures')
}

export function pictureContentType(fileName: string): string {
  return fileName.endsWith('.png') ? FORMATS.png.contentType : FORMATS.jpeg.contentType
}

/**
 * Widths of the WebP copies that tiles load instead of the original: 480 px fills a list thumbnail on a 2x screen and
 * a feed tile on a 1x one, 960 px any tile up to 480 CSS px on a 2x screen (a phone's single column, a memory's own
 * page). The original stays for the full-screen view.
 */
export const PICTURE_VARIANT_WIDTHS = [480, 960] as const
export type PictureVariantWidth = (typeof PICTURE_VARIANT_WIDTHS)[number]

export const VARIANT_CONTENT_TYPE = 'image/webp'
const VARIANT_QUALITY = 80

export function isVariantWidth(width: number): width is PictureVariantWidth {
  return (PICTURE_VARIANT_WIDTHS as readonly number[]).includes(width)
}

/** Stored beside the original under the same id, so one id names every file of a picture. */
export function variantKey(fileName: string, width: PictureVariantWidth): string {
  return `${fileName.replace(/\.[a-z]+$/, '')}.w${width}.webp`
}

/** A copy as stored (`width`, in its key and link) and as it really is (`actualWidth`, at most the original's). */
interface PictureVariant {
  width: PictureVariantWidth
  actualWidth: number
}

/**
 * The copies a picture of `originalWidth` has, each with the width it really is: never wider than the original, so a
 * narrow picture has one copy at its own width and the srcset never promises pixels that are not there.
 */
export function variantsOf(originalWidth: number): PictureVariant[] {
  const variants: PictureVariant[] = []
  for (const width of PICTURE_VARIANT_WIDTHS) {
    const actualWidth = Math.min(width, originalWidth)
    if (variants.at(-1)?.actualWidth !== actualWidth) variants.push({ width, actualWidth })
  }
  return variants
}

/** One copy of an already re-encoded original, resized to `width` at most. */
export async function makeVariant(original: Buffer, width: PictureVariantWidth): Promise<Buffer> {
  return sharp(original).resize({ width, withoutEnlargement: true }).webp({ quality: VARIANT_QUALITY }).toBuffer()
}

/**
 * Stores a newly uploaded picture: the original and every copy `variantsOf` lists, written side by side. All or
 * nothing: when one write fails, the others are waited for and every file of the picture is deleted before the
 * failure is passed on (what a delete cannot reach, the sweep's orphan pass removes later).
 */
export async function storePictureFiles(blobs: BlobStore, picture: ProcessedPicture): Promise<void> {
  const writes = await Promise.allSettled([
    blobs.put(picture.fileName, picture.data),
    ...variantsOf(picture.width).map(async ({ width }) =>
      blobs.put(variantKey(picture.fileName, width), await makeVariant(picture.data, width)),
    ),
  ])
  const failed = writes.find((write) => write.status === 'rejected')
  if (!failed) return
  await deletePictureFiles(blobs, picture.fileName).catch(() => undefined)
  throw failed.reason
}

/** Deletes a picture's original and every copy it may have; a copy never made is no error. */
export async function deletePictureFiles(blobs: BlobStore, fileName: string): Promise<void> {
  const deletes = await Promise.allSettled(pictureFileKeys(fileName).map((key) => blobs.delete(key)))
  const failed = deletes.find((result) => result.status === 'rejected')
  if (failed) throw failed.reason
}

/** Every key a picture may have in the store: the original, then each copy. */
export function pictureFileKeys(fileName: string): string[] {
  return [fileName, ...PICTURE_VARIANT_WIDTHS.map((width) => variantKey(fileName, width))]
}

const ORIGINAL_KEY = /^([A-Za-z0-9_-]+)\.(png|jpg)$/
const VARIANT_KEY = /^([A-Za-z0-9_-]+)\.w(\d+)\.webp$/

/**
 * The original file names whose row would keep a stored key: the key itself for an original, either format's for a
 * copy. Anything else under the folder (a write a crash left unfinished) belongs to no picture: none.
 */
export function originalsOwning(key: string): string[] {
  if (ORIGINAL_KEY.test(key)) return [key]
  const variant = VARIANT_KEY.exec(key)
  if (!variant || !isVariantWidth(Number(variant[2]))) return []
  return [`${variant[1]}.png`, `${variant[1]}.jpg`]
}

/** A picture as `viewerId` receives it: the original's link and the tile copies' links, each signed for them. */
export function signedPicture(
  signer: PictureSigner,
  viewerId: string,
  picture: { fileName: string; width: number; height: number },
): MemoryPicture {
  return {
    pictureFileName: picture.fileName,
    url: signer.url(picture.fileName, viewerId),
    width: picture.width,
    height: picture.height,
    variants: variantsOf(picture.width).map(({ width, actualWidth }) => ({
      width: actualWidth,
      url: signer.url(picture.fileName, viewerId, width),
    })),
  }
}
