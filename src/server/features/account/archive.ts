import { Readable } from 'node:stream'
import { finished } from 'node:stream/promises'

import { ZipFile } from 'yazl'

import type { ExportData } from '@shared/account'
import { PRODUCT_NAME } from '@shared/constants'

import { ARCHIVE_PATHS } from './exportData'
import { renderTravelBook } from './travelBook'

/** Where the archive reads the files it holds: the blob store's pictures and the catalogue's card art. */
export interface ArchiveSources {
  /** The original picture as stored, or null when its file is gone. */
  picture(fileName: string): Promise<Readable | null>
  /** A card's small art (WebP), or null when it cannot be drawn. */
  cardArt(cardId: string): Promise<Buffer | null>
}

export interface ExportArchive {
  /** The ZIP, made while it is read: one picture is open at a time, and nothing waits in memory but the data. */
  stream: Readable
  /** About how many bytes the stream holds (docs/export-format.md#size). */
  estimatedBytes: number
}

/** A card's small WebP art is 20–40 KB. */
const CARD_ART_BYTES_ESTIMATE = 40_000
/** Pictures stored before sizes were kept count as a typical re-encoded phone picture. */
const UNKNOWN_PICTURE_BYTES_ESTIMATE = 500_000
/** Deflate leaves JSON and HTML at about a quarter of their size. */
const TEXT_COMPRESSION_ESTIMATE = 0.25
/** Local header, data descriptor and central directory record of one entry, name aside. */
const ENTRY_OVERHEAD_BYTES = 30 + 16 + 46

const README = `${PRODUCT_NAME}: your data

index.html   your travel book: open it in a browser, no connection needed
data.json    everything in your account, described at the top of the file by its formatVersion
pictures/    the pictures of your memories, as you uploaded them (re-encoded, without location data)
cards/       the art of the cards your memories are written on
`

/**
 * Streams the export (docs/export-format.md): the pictures first, read one at a time from the blob store, then the card
 * art, then the travel book, data.json and a README, which say which files could not be read. Pictures and art are
 * stored as they are (already compressed); the texts are deflated. Destroying the stream (the client went away) stops
 * reading at once.
 */
export function streamExportArchive(data: ExportData, sources: ArchiveSources): ExportArchive {
  const zip = new ZipFile()
  const output = zip.outputStream
  // yazl's output is a PassThrough, which its type declares only as a readable stream.
  if (!(output instanceof Readable)) throw new Error('yazl no longer streams through a Node.js Readable')
  const mtime = new Date(data.exportedAt)
  const pictures = [...data.memories.flatMap((memory) => memory.pictures), ...data.unattachedPictures]
  const cardIds = [...new Set(data.memories.map((memory) => memory.cardId))]

  let reading: Readable | null = null
  let gone = false
  output.once('close', () => {
    gone = true
    reading?.destroy()
  })
  zip.on('error', (error: Error) => output.destroy(error))

  /** Adds one entry and waits until the client has read all of it, so only one source is open at a time. */
  async function addAndWait(source: Readable, path: string): Promise<void> {
    if (gone) {
      source.destroy()
      return
    }
    reading = source
    const read = finished(source)
    zip.addReadStream(source, path, { mtime, compress: false })
    try {
      await read
    } finally {
      reading = null
    }
  }

  async function fill(): Promise<void> {
    for (const picture of pictures) {
      if (gone) return
      const source = await sources.picture(picture.fileName)
      if (source) await addAndWait(source, ARCHIVE_PATHS.picture(picture.fileName))
      else picture.file = null
    }
    for (const cardId of cardIds) {
      if (gone) return
      const art = await sources.cardArt(cardId)
      if (art) await addAndWait(Readable.from([art]), ARCHIVE_PATHS.card(cardId))
      else for (const memory of data.memories) if (memory.cardId === cardId) memory.cardImage = null
    }
    if (gone) return
    zip.addBuffer(Buffer.from(renderTravelBook(data)), ARCHIVE_PATHS.book, { mtime })
    zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), ARCHIVE_PATHS.data, { mtime })
    zip.addBuffer(Buffer.from(README), ARCHIVE_PATHS.readme, { mtime })
    zip.end()
  }
  fill().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))))

  return { stream: output, estimatedBytes: estimateBytes(data, pictures.length, cardIds.length) }
}

function estimateBytes(data: ExportData, pictureCount: number, cardCount: number): number {
  const pictureBytes = [...data.memories.flatMap((memory) => memory.pictures), ...data.unattachedPictures].reduce(
    (sum, picture) => sum + (picture.byteSize > 0 ? picture.byteSize : UNKNOWN_PICTURE_BYTES_ESTIMATE),
    0,
  )
  const dataBytes = Buffer.byteLength(JSON.stringify(data, null, 2))
  // The book repeats most of the memories' text with its markup, about as long as the data itself.
  const textBytes = Math.round((dataBytes * 2 + README.length) * TEXT_COMPRESSION_ESTIMATE)
  const entries = pictureCount + cardCount + 3
  return pictureBytes + cardCount * CARD_ART_BYTES_ESTIMATE + textBytes + entries * (ENTRY_OVERHEAD_BYTES + 2 * 60)
}
