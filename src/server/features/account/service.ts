import type { Kysely } from 'kysely'

import type { Database } from '../../db/schema'
import type { ArtRenderer } from '../../lib/art/artRenderer'
import type { BlobStore } from '../../lib/blobStore'
import { nowIso } from '../../lib/clock'
import { smallCardArt } from '../catalogue/service'
import { openPictureFile } from '../memories/accountData'

import { streamExportArchive, type ExportArchive } from './archive'
import { collectExportData } from './exportData'

export interface AccountExport extends ExportArchive {
  fileName: string
}

/**
 * The traveller's export (docs/product.md#account-export): data.json, the original pictures, the card art and the
 * travel book, as one ZIP made while it is sent.
 */
export async function exportAccount(
  db: Kysely<Database>,
  blobs: BlobStore,
  renderer: ArtRenderer,
  userId: string,
): Promise<AccountExport> {
  const data = await collectExportData(db, userId)
  const archive = streamExportArchive(data, {
    picture: (fileName) => openPictureFile(blobs, fileName),
    cardArt: (cardId) => smallCardArt(db, blobs, renderer, cardId),
  })
  return { ...archive, fileName: `wandercards-export-${nowIso().slice(0, 10)}.zip` }
}
