import { AsyncResource } from 'node:async_hooks'
import { setImmediate as nextTurn } from 'node:timers/promises'

import type { Kysely, KyselyPlugin, Transaction } from 'kysely'

import { isDatabaseBusy } from '../lib/databaseErrors'

import type { Database } from './schema'

/** The most transactions one commit holds, so a burst never keeps its first answers waiting long. */
const GROUP_LIMIT = 64
const MEMBER = 'member'

interface Member {
  work: (trx: Transaction<Database>) => Promise<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/**
 * Group commit for SQLite (docs/benchmarks.md, "Group commit"). SQLite runs one write transaction at a time, and its
 * commit writes every page the transaction changed into the log: a third of a purchase's time. Transactions that arrive
 * while one runs join it instead, each in a savepoint of its own, one after the other, and the group commits once, in
 * the next turn of the event loop, after the requests read in this one have run. A transaction that fails is rolled
 * back to its savepoint alone; each caller is answered only once the commit is written, so an answer never reports a
 * change that a failed commit lost, and if the commit fails every transaction of the group fails with it.
 */
export class CommitGroups {
  private readonly queue: Member[] = []
  private draining = false

  constructor(private readonly db: Kysely<Database>) {}

  run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // The work runs in its caller's context (its request's trace and log), whichever caller started the group.
      this.queue.push({ work: AsyncResource.bind(work), resolve: resolve as (value: unknown) => void, reject })
      if (!this.draining) void this.drain()
    })
  }

  private async drain(): Promise<void> {
    this.draining = true
    try {
      while (this.queue.length > 0) await this.commitOneGroup()
    } finally {
      this.draining = false
    }
  }

  private async commitOneGroup(): Promise<void> {
    let trx
    try {
      trx = await this.db.startTransaction().execute()
    } catch (error) {
      for (const member of this.queue.splice(0)) member.reject(error)
      return
    }
    const succeeded: { member: Member; value: unknown }[] = []
    let groupError: { error: unknown } | null = null
    for (let taken = 0; groupError === null && taken < GROUP_LIMIT;) {
      const member = this.queue.shift()
      if (!member) {
        // Let the requests already read by the server start their transactions, and take them into this commit.
        await nextTurn()
        if (this.queue.length === 0) break
        continue
      }
      taken += 1
      let savepoint
      try {
        savepoint = await trx.savepoint(MEMBER).execute()
      } catch (error) {
        member.reject(error)
        groupError = { error }
        break
      }
      const state = { ended: false }
      try {
        const value = await member.work(savepoint.withPlugin(refusedOnceEnded(state)))
        state.ended = true
        await savepoint.releaseSavepoint(MEMBER).execute()
        succeeded.push({ member, value })
      } catch (error) {
        state.ended = true
        member.reject(error)
        try {
          await savepoint.rollbackToSavepoint(MEMBER).execute()
          await savepoint.releaseSavepoint(MEMBER).execute()
        } catch (rollbackError) {
          // SQLite ended the whole transaction (a full disk, an I/O error): the others' work is gone too.
          groupError = { error: rollbackError }
        }
        // Another connection (an operator's command) wrote since this group began: every later write in it would be
        // refused the same way, so the group commits what succeeded and the next one starts afresh.
        if (isDatabaseBusy(error)) break
      }
    }
    try {
      if (groupError) throw groupError.error
      await trx.commit().execute()
    } catch (error) {
      await trx
        .rollback()
        .execute()
        .catch(() => undefined)
      for (const { member } of succeeded) member.reject(error)
      return
    }
    for (const { member, value } of succeeded) member.resolve(value)
  }
}

/**
 * A member's queries after its work has returned or thrown (a write not awaited) would land in the next member's
 * savepoint or in the shared commit: they are refused instead, as Kysely refuses a query on a finished transaction.
 */
function refusedOnceEnded(state: { ended: boolean }): KyselyPlugin {
  return {
    transformQuery({ node }) {
      if (state.ended) throw new Error('A query was sent after its transaction had ended.')
      return node
    },
    transformResult: ({ result }) => Promise.resolve(result),
  }
}
