import type { Transaction } from 'kysely'

import type { Database } from '../../db/schema'

import { findPayment, lockCreditAccount } from './queries'

/** An erasure hands a payment to the tombstone once; a buyer that changes more often than this is a bug. */
const BUYER_READS = 3

/**
 * The payment, with its buyer's account locked for the rest of the transaction. The buyer is read again once the lock
 * is held: an erasure that held it first has handed the payment to the anonymised tombstone meanwhile, whose row is
 * then the one to lock.
 */
export async function lockBuyerOf(trx: Transaction<Database>, providerPaymentId: string) {
  let payment = await findPayment(trx, providerPaymentId)
  for (let read = 1; payment && read <= BUYER_READS; read += 1) {
    await lockCreditAccount(trx, payment.user_id)
    const locked = await findPayment(trx, providerPaymentId)
    if (locked?.user_id === payment.user_id) return locked
    payment = locked
  }
  if (!payment) return undefined
  throw new Error(`the buyer of payment ${providerPaymentId} changed more than ${BUYER_READS} times`)
}
