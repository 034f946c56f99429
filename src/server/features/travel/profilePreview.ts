import crypto from 'node:crypto'

import type { Kysely } from 'kysely'

import type { PlaceStatus } from '@shared/travel'

import type { Database } from '../../db/schema'
import { blobFolder, type BlobStore } from '../../lib/blobStore'
import type { Catalogue } from '../catalogue/catalogueCache'

import { PREVIEW_FOLDER, renderTravelMapPreview, type TravelShareFacts } from './mapImage'
import * as queries from './queries'
import { deleteYearRecapPreviews } from './recap'
import { getMapPlaces, getMyMap, progressOf } from './service'
import { MAP_REVISION } from './worldMap'

/**
 * What a profile's public preview shows of the travel map (docs/decisions.md, Travel map): which places are collected,
 * been to or verified, and the counts; never dates, memories, pictures, friends or the bucket list.
 */
export async function travelShareFacts(
  db: Kysely<Database>,
  catalogue: Catalogue,
  friendCode: string,
): Promise<TravelShareFacts | null> {
  const traveller = await queries.findTravellerByFriendCode(db, friendCode)
  if (!traveller) return null
  const [{ places }, progress] = await Promise.all([
    getMyMap(db, catalogue, traveller.id),
    progressOf(db, catalogue, traveller.id),
  ])
  const statuses = new Map<string, Exclude<PlaceStatus, 'none'>>()
  for (const place of places) if (place.status !== 'none') statuses.set(place.cardSetId, place.status)
  const fingerprint = [...statuses]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([id, status]) => `${id}:${status}`)
    .join(',')
  const version = crypto
    .createHash('sha256')
    .update(`${MAP_REVISION}|${traveller.username}|${JSON.stringify(progress.total)}|${fingerprint}`)
    .digest('base64url')
    .slice(0, 16)
  return { userId: traveller.id, username: traveller.username, progress, version, statuses }
}

/** The profile's map preview image (PNG), drawn once per version of the map and kept in `store`. */
export async function travelMapPreview(
  catalogue: Catalogue,
  store: BlobStore,
  facts: TravelShareFacts,
): Promise<Buffer> {
  return renderTravelMapPreview(store, getMapPlaces(catalogue).data, facts)
}

/** Deletes the traveller's map previews (their name and places), the profile's and their shared years', as their account goes. */
export async function deleteTravelMapPreviews(blobs: BlobStore, userId: string): Promise<void> {
  const previews = blobFolder(blobs, PREVIEW_FOLDER)
  for await (const key of previews.list(userId)) await previews.delete(key)
  await deleteYearRecapPreviews(blobs, userId)
}
