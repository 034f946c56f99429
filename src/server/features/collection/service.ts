import type { Kysely, Transaction } from 'kysely'

import {
  ACQUISITION_PRODUCTS,
  type MyCollection,
  type OwnedCardEntry,
  type RecycleUserCardResult,
  type UserCard,
} from '@shared/collection'
import { ECONOMY, type Rarity } from '@shared/constants'
import { TEXTS } from '@shared/texts'

import type { Database } from '../../db/schema'
import { refusing } from '../../lib/databaseErrors'
import { AppError } from '../../lib/errors'
import type { PictureSigner } from '../../lib/pictureSigner'
import type { Catalogue } from '../catalogue/catalogueCache'
import { deleteCopyWithoutMemory } from '../copies/service'
import { getMemoryOfUserCard } from '../memories/readModel'
import { isVisitVerified } from '../travel/service'
import { balances, credit } from '../wallet/ledger'
import { lockCreditAccount } from '../wallet/service'

import { isGiftable } from './gifts'
import { findOwnedCopy, findUserCard, listOwnedCopiesAndPlacesBeenThere } from './queries'

export const HAS_MEMORY = 'This card has a memory. Only a card without a memory can be recycled.'
/** Souvenirs are worth no credit and stay with their traveller (docs/product.md#souvenir-copies). */
export const SOUVENIR_NOT_RECYCLABLE = 'A Souvenir copy cannot be recycled: it is worth no credit.'

/** The readable label of how a copy was acquired; a kind the contract does not name yet shows as stored. */
function productsLabel(acquisition: string): string {
  const labels: Partial<Record<string, string>> = ACQUISITION_PRODUCTS
  return labels[acquisition] ?? acquisition
}

/**
 * One entry per card the user holds (docs/product.md#data-collection), every collection at once; the client filters.
 * Entries go by collection, then rarest first, then by place; a card's copies oldest first.
 */
export async function getMyCollection(
  db: Kysely<Database>,
  catalogue: Catalogue,
  userId: string,
): Promise<MyCollection> {
  const { copies, beenThere } = await listOwnedCopiesAndPlacesBeenThere(db, userId)
  const entries = new Map<string, { rank: number; entry: OwnedCardEntry }>()
  for (const copy of copies) {
    let held = entries.get(copy.cardId)
    if (!held) {
      const card = catalogue.cardsById.get(copy.cardId)
      if (!card) continue
      held = {
        rank: card.myCollectionRank,
        entry: {
          cardId: card.cardId,
          cardName: card.name,
          collectionId: card.collectionId,
          collectionName: card.collectionName,
          cardRarity: card.rarity,
          image: card.cardId,
          beenThere: beenThere.has(card.cardSetId),
          mine: [],
        },
      }
      entries.set(copy.cardId, held)
    }
    held.entry.mine.push({
      userCardId: copy.userCardId,
      createdAt: copy.createdAt,
      hasMemory: copy.memoryId != null,
      memoryId: copy.memoryId,
      ...(copy.acquisition === 'souvenir' && { souvenir: true }),
    })
  }
  const inOrder = [...entries.values()].sort((a, b) => a.rank - b.rank)
  for (const { entry } of inOrder) if (entry.mine.length > 1) entry.mine.sort(oldestFirst)
  return inOrder.map(({ entry }) => entry)
}

/** By creation, then id: the order of a card's copies, as the key (created_at, id) orders them everywhere. */
function oldestFirst(a: OwnedCardEntry['mine'][number], b: OwnedCardEntry['mine'][number]): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1
  return a.userCardId < b.userCardId ? -1 : a.userCardId > b.userCardId ? 1 : 0
}

/** Any logged-in user may look at any copy; only its owner gets isOwner. */
export async function getUserCard(
  db: Kysely<Database>,
  signer: PictureSigner,
  viewerId: string,
  userCardId: string,
): Promise<UserCard> {
  const copy = await findUserCard(db, userCardId)
  if (!copy) throw new AppError('NotFound', TEXTS.userCardNotFound)
  const isOwner = copy.ownerId === viewerId
  const memory = await getMemoryOfUserCard(db, signer, viewerId, userCardId)
  return {
    userCardId: copy.userCardId,
    cardId: copy.cardId,
    cardName: copy.cardName,
    cardRarity: copy.rarity,
    image: copy.cardId,
    collectionId: copy.collectionId,
    collectionName: copy.collectionName,
    cardDescription: copy.cardDescription,
    createdAt: copy.createdAt,
    products: productsLabel(copy.acquisition),
    isOwner,
    ownerUsername: copy.ownerUsername,
    memory,
    // The owner always sees their own memory, so `memory` tells whether the copy has one.
    giftable:
      copy.acquisition !== 'souvenir' &&
      (await isGiftable(db, viewerId, { ownerId: copy.ownerId, cardId: copy.cardId, hasMemory: memory != null })),
    // Someone's verified visits are theirs: the seal shows only to the copy's owner.
    placeVerified: isOwner && (await isVisitVerified(db, viewerId, copy.cardSetId)),
    ...(copy.acquisition === 'souvenir' && { souvenir: true as const }),
  }
}

export function recycleValueOf(rarity: number): number {
  return ECONOMY.recycleValue[rarity as Rarity]
}

/** What recycling the owner's copy would pay; someone else's copy answers as not found. */
export async function getRecycleValue(db: Kysely<Database>, userId: string, userCardId: string): Promise<number> {
  const copy = await findOwnedCopy(db, userId, userCardId)
  if (!copy) throw new AppError('NotFound', TEXTS.userCardNotFound)
  return recycleValueOf(copy.rarity)
}

/**
 * Removes the owner's copy and credits its recycle value in one transaction.
 * The DELETE itself requires the owner and no memory, so of two concurrent recycles only one removes the
 * copy and credits; the ledger's unique (reason, reference) would refuse a second credit anyway.
 */
export async function recycleUserCard(
  trx: Transaction<Database>,
  userId: string,
  userCardId: string,
): Promise<RecycleUserCardResult> {
  // The user's row before their copy, the one order of every path that takes both (docs/security.md#locks): a gift
  // or a tagged memory of theirs, which take it first too, then waits for this recycle, or this for them.
  await lockCreditAccount(trx, userId)
  const copy = await findOwnedCopy(trx, userId, userCardId)
  if (!copy) throw new AppError('NotFound', TEXTS.userCardNotFound)
  if (copy.memoryId) throw new AppError('Conflict', HAS_MEMORY)
  if (copy.acquisition === 'souvenir') throw new AppError('RuleViolation', SOUVENIR_NOT_RECYCLABLE)
  // A memory written on the copy while it was being recycled: its foreign key stops the delete.
  const deleted = await refusing(
    () => deleteCopyWithoutMemory(trx, userId, userCardId),
    [{ when: 'foreignKey', refusal: new AppError('Conflict', HAS_MEMORY) }],
  )
  if (!deleted) {
    const stillThere = await findOwnedCopy(trx, userId, userCardId)
    if (stillThere?.memoryId) throw new AppError('Conflict', HAS_MEMORY)
    throw new AppError('NotFound', TEXTS.userCardNotFound)
  }
  await credit(trx, {
    userId,
    currency: 'digital',
    amount: recycleValueOf(copy.rarity),
    reason: 'recycle',
    reference: userCardId,
  })
  const { digitalCredit } = await balances(trx, userId)
  return { newUserDigitalCredit: digitalCredit }
}
