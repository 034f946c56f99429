import type { Kysely, Transaction } from 'kysely'

import { ECONOMY } from '@shared/constants'
import type {
  PeerUserCard,
  PeerUserCardsQuery,
  SwitchUserCardBody,
  SwitchUserCardResult,
  TransferrableCards,
} from '@shared/memories'
import { TEXTS } from '@shared/texts'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { refusing } from '../../lib/databaseErrors'
import { AppError } from '../../lib/errors'
import { newId } from '../../lib/random'
import { createCopies, deleteCopy, lockOwnedCopy } from '../copies/service'
import { balances, debit } from '../wallet/ledger'

import { findOwnedCopy, findOwnMemory, MEMORY_OF_COPY } from './queries'
import * as queries from './switching.queries'

/** Moving a memory to another copy: for free to a copy of the same card, or paid, exchanging the copy (transfer). */

const MOVED_MEANWHILE = 'This memory is no longer on that card. Please reload and try again.'

export async function getPeerUserCards(
  db: Kysely<Database>,
  userId: string,
  query: PeerUserCardsQuery,
): Promise<PeerUserCard[]> {
  let cardId = query.cardId
  if (!cardId && query.userCardId) {
    const copy = await queries.findCardOfUserCard(db, query.userCardId)
    if (!copy) throw new AppError('NotFound', TEXTS.userCardNotFound)
    cardId = copy.cardId
  }
  if (!cardId) throw new AppError('BadRequest', 'Give cardId or userCardId.')
  const copies = await queries.listCopiesOfCard(db, userId, cardId)
  return copies.map((copy) => ({
    userCardId: copy.userCardId,
    cardId: copy.cardId,
    cardName: copy.cardName,
    cardRarity: copy.rarity,
    image: copy.cardId,
    createdAt: copy.createdAt,
    hasMemory: copy.memoryId != null,
    memoryId: copy.memoryId,
    ...(copy.acquisition === 'souvenir' && { souvenir: true as const }),
  }))
}

export async function getTransferrableCards(db: Kysely<Database>, cardId: string): Promise<TransferrableCards> {
  const card = await queries.findCard(db, cardId)
  if (!card) throw new AppError('NotFound', 'Card not found.')
  const [cards, collections] = await Promise.all([
    queries.listCardsOfRarity(db, card.rarity, card.cardSetId),
    queries.listCollections(db),
  ])
  return {
    cardSetList: cards.map((row) => ({
      cardSetId: row.cardSetId,
      cardSetName: row.cardSetName,
      collectionId: row.collectionId,
      cards: [
        {
          cardId: row.cardId,
          cardName: row.cardSetName,
          cardRarity: row.rarity,
          collectionId: row.collectionId,
          image: row.cardId,
        },
      ],
    })),
    cardCollections: collections,
    cost: ECONOMY.memoryTransferCost,
  }
}

/** A Souvenir copy never becomes a card of another place (docs/product.md#souvenir-copies). */
export const SOUVENIR_STAYS =
  'A memory on a Souvenir copy cannot be transferred to another place: the souvenir belongs to the place you visited.'

/**
 * Moves a memory. To another copy of the same card without a memory: free. To another card set: the transfer cost is
 * debited, the copy holding the memory is exchanged for a new copy of that set in the same rarity (acquisition
 * 'transfer'), and the old copy is deleted. Either way everything happens in the caller's one transaction.
 */
export async function switchUserCard(
  trx: Transaction<Database>,
  userId: string,
  body: SwitchUserCardBody,
): Promise<SwitchUserCardResult> {
  const memory = await findOwnMemory(trx, userId, body.memoryId)
  if (!memory) throw new AppError('NotFound', TEXTS.memoryNotFound)
  if (memory.userCardId !== body.userCardId) throw new AppError('Conflict', MOVED_MEANWHILE)
  let newUserCardId: string
  if (body.newUserCardId != null && body.newCardSetId == null) {
    // Taken first, so that a gift of the target copy has either moved it already or waits for this switch.
    const locked = await lockOwnedCopy(trx, userId, body.newUserCardId)
    const target = locked ? await findOwnedCopy(trx, userId, body.newUserCardId) : undefined
    if (!target) throw new AppError('NotFound', TEXTS.userCardNotFound)
    if (target.id === memory.userCardId) throw new AppError('BadRequest', 'The memory is already on this copy.')
    if (target.cardId !== memory.cardId) {
      throw new AppError(
        'BadRequest',
        'A memory switches for free only to a copy of the same card; transfer it to move it to another card set.',
      )
    }
    if (target.memoryId) throw new AppError('Conflict', TEXTS.memoryAlreadyExists(target.cardName))
    newUserCardId = target.id
    await moveMemory(trx, memory.id, memory.userCardId, newUserCardId, target.cardName)
  } else if (body.newCardSetId != null && body.newUserCardId == null) {
    const cardSetId = body.newCardSetId
    if (cardSetId === memory.cardSetId)
      throw new AppError('BadRequest', 'The memory is already on this card set; choose another copy instead.')
    // A souvenir is the place's own, earned by being there: transferring it would turn it into a card of anywhere.
    if (memory.acquisition === 'souvenir') throw new AppError('RuleViolation', SOUVENIR_STAYS)
    const targetCard = await queries.findCardOfSet(trx, cardSetId, memory.rarity)
    if (!targetCard) throw new AppError('NotFound', 'Card set not found.')
    const transferId = newId()
    await debit(trx, {
      userId,
      currency: 'digital',
      amount: ECONOMY.memoryTransferCost,
      reason: 'memory_transfer',
      reference: transferId,
    })
    newUserCardId = newId()
    await createCopies(trx, [
      {
        id: newUserCardId,
        userId,
        cardId: targetCard.id,
        acquisition: 'transfer',
        transactionId: transferId,
        createdAt: nowIso(),
      },
    ])
    await moveMemory(trx, memory.id, memory.userCardId, newUserCardId, memory.cardName)
    await deleteCopy(trx, userId, memory.userCardId)
  } else {
    throw new AppError(
      'BadRequest',
      'Choose either another copy of this card (newUserCardId) or another card set (newCardSetId).',
    )
  }
  return { newUserCardId, userData: await balances(trx, userId) }
}

/**
 * Conditional on the memory still being on `from`: of two concurrent switches only the first moves it, and the
 * second rolls back with its debit, so a transfer is never paid twice.
 */
async function moveMemory(
  trx: Transaction<Database>,
  memoryId: string,
  from: string,
  to: string,
  cardName: string,
): Promise<void> {
  const moved = await refusing(
    () => queries.moveMemory(trx, memoryId, from, to, nowIso()),
    [
      {
        when: 'unique',
        key: MEMORY_OF_COPY,
        refusal: new AppError('Conflict', TEXTS.memoryAlreadyExists(cardName)),
      },
      // The chosen copy was recycled meanwhile.
      {
        when: 'foreignKey',
        refusal: new AppError(
          'Conflict',
          'That copy is no longer in your collection. Please reload and choose another.',
        ),
      },
    ],
  )
  if (!moved) throw new AppError('Conflict', MOVED_MEANWHILE)
}
