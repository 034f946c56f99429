import { sql, type Transaction } from 'kysely'

import { BLOCK_REFUSALS, type ListedTraveller } from '@shared/blocks'
import type { GiftUserCardResult } from '@shared/collection'
import type { MemoryFeed } from '@shared/feed'
import type { AddFriendResult, FriendMatch, FriendPage } from '@shared/friends'
import type { CreateMemoryResult, LikeMemoryResult, Memory, PostCommentResult } from '@shared/memories'
import type { Notification } from '@shared/notifications'
import type { Database } from '@server/db/schema'
import { createAccountTombstone, deleteAccountRow } from '@server/features/account/deletion'
import { NOT_A_FRIEND } from '@server/features/friends/friendPage'
import { notify } from '@server/features/notifications/service'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { cardsOfRarity, createMemory, giveCopy, makeFriends, memoryBody } from '../memories/fixtures'

jest.setTimeout(60_000)

let t: TestApp
let paris: string
let rome: string
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMITS: 'off' } })
  ;[paris, rome] = await cardsOfRarity(t, 2, 2)
})
afterAll(() => t.close())

function block(by: TestUser, travellerId: string, path = '/api/blocks/blockTraveller') {
  return t.call<null>('POST', path, { token: by.token, body: { travellerId } })
}

const unblock = (by: TestUser, travellerId: string) => block(by, travellerId, '/api/blocks/unblockTraveller')
const mute = (by: TestUser, travellerId: string) => block(by, travellerId, '/api/blocks/muteTraveller')
const unmute = (by: TestUser, travellerId: string) => block(by, travellerId, '/api/blocks/unmuteTraveller')

async function feedIds(viewer: TestUser): Promise<string[]> {
  const { body } = await t.call<MemoryFeed>('GET', '/api/feed/getMemoryFeed?limit=50', { token: viewer.token })
  return body.data.memories.map((memory) => memory.memoryId)
}

function getMemory(viewer: TestUser, memoryId: string) {
  return t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${encodeURIComponent(memoryId)}`, {
    token: viewer.token,
  })
}

async function notificationTitles(viewer: TestUser): Promise<string[]> {
  const { body } = await t.call<Notification[]>('GET', '/api/getNotifications', { token: viewer.token })
  return body.data.map((notification) => notification.title)
}

async function hasUnread(viewer: TestUser): Promise<boolean> {
  const { body } = await t.call<boolean>('GET', '/api/checkNewNotifications', { token: viewer.token })
  return body.data
}

async function friendsAreFriends(a: TestUser, b: TestUser): Promise<number> {
  const rows = await t.db
    .selectFrom('friendships')
    .select('user_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', a.userId), eb('friend_id', '=', b.userId)]),
        eb.and([eb('user_id', '=', b.userId), eb('friend_id', '=', a.userId)]),
      ]),
    )
    .execute()
  return rows.length
}

/**
 * Two friends who wrote public memories, liked and commented on each other's and on a third traveller's, and told each
 * other through notifications; then `blocker` blocks `blocked`.
 */
async function blockedPair() {
  const [blocker, blocked, third] = [await t.register(), await t.register(), await t.register()]
  await makeFriends(t, blocker, blocked)
  const blockerMemory = await createMemory(t, blocker, paris, { visibility: 3 })
  const blockedMemory = await createMemory(t, blocked, paris, { visibility: 3, taggedFriends: [blocker.userId] })
  const blockerFriendsMemory = await createMemory(t, blocker, rome, { visibility: 2, taggedFriends: [blocked.userId] })
  const thirdMemory = await createMemory(t, third, rome, { visibility: 3 })
  for (const [who, memoryId] of [
    [blocker, blockedMemory],
    [blocked, blockerMemory],
    [blocker, thirdMemory],
    [blocked, thirdMemory],
  ] as const) {
    await t.call<LikeMemoryResult>('POST', '/api/memory/likeMemory', { token: who.token, body: { memoryId } })
    await t.call<PostCommentResult>('POST', '/api/memory/postComment', {
      token: who.token,
      body: { memoryId, commentContent: `${who.username} was here` },
    })
  }
  expect(await notificationTitles(blocker)).toContain('New comment on your memory')
  expect(await notificationTitles(blocked)).toContain('New comment on your memory')
  const notificationsOfBlockedBefore = await t.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', blocked.userId)
    .execute()
  const { status } = await block(blocker, blocked.userId)
  expect(status).toBe(200)
  const notificationsOfBlockedAfter = await t.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', blocked.userId)
    .execute()
  // Silent: the blocked traveller is told nothing.
  expect(notificationsOfBlockedAfter).toHaveLength(notificationsOfBlockedBefore.length)
  return { blocker, blocked, third, blockerMemory, blockedMemory, blockerFriendsMemory, thirdMemory }
}

describe('POST /api/blocks/blockTraveller', () => {
  it('blocks silently, ends the friendship and the tags between the two in one call, and lists the blocked one', async () => {
    const { blocker, blocked, blockedMemory, blockerFriendsMemory } = await blockedPair()
    expect(await friendsAreFriends(blocker, blocked)).toBe(0)
    const tags = await t.db
      .selectFrom('memory_tags')
      .select('memory_id')
      .where('memory_id', 'in', [blockedMemory, blockerFriendsMemory])
      .execute()
    expect(tags).toEqual([])

    const mine = await t.call<ListedTraveller[]>('GET', '/api/blocks/getBlockedTravellers', { token: blocker.token })
    expect(mine.body.data).toEqual([
      { userId: blocked.userId, username: blocked.username, avatarId: blocked.avatarId, since: expect.any(String) },
    ])
    const theirs = await t.call<ListedTraveller[]>('GET', '/api/blocks/getBlockedTravellers', { token: blocked.token })
    expect(theirs.body.data).toEqual([])
  })

  it('is a no-op the second time', async () => {
    const [ann, bob] = [await t.register(), await t.register()]
    expect((await block(ann, bob.userId)).status).toBe(200)
    expect((await block(ann, bob.userId)).status).toBe(200)
    const rows = await t.db.selectFrom('blocks').selectAll().where('blocker_id', '=', ann.userId).execute()
    expect(rows).toHaveLength(1)
  })

  it('refuses blocking oneself with a clear error, and the database refuses such a row too', async () => {
    const ann = await t.register()
    const { status, body } = await block(ann, ann.userId)
    expect({ status, message: body.metadata.message }).toEqual({ status: 422, message: BLOCK_REFUSALS.oneself })
    const muted = await mute(ann, ann.userId)
    expect({ status: muted.status, message: muted.body.metadata.message }).toEqual({
      status: 422,
      message: BLOCK_REFUSALS.muteOneself,
    })
    expect(await t.db.selectFrom('blocks').selectAll().where('blocker_id', '=', ann.userId).execute()).toEqual([])
    // Matched by the constraint's name: run after other files on SQLite, `rejects.toThrow()` reported "did not throw"
    // for this refusal (the driver's error class is probably another file's module registry's, not an Error here).
    const refused = await t.db
      .insertInto('blocks')
      .values({ blocker_id: ann.userId, blocked_id: ann.userId, created_at: new Date().toISOString() })
      .execute()
      .then(
        () => 'stored',
        (error: unknown) => String((error as { message?: unknown }).message),
      )
    expect(refused).toContain('blocks_not_oneself')
  })

  it('refuses an unknown traveller, an erased one and an erased one’s tombstone as not found, changing nothing', async () => {
    const [ann, gone] = [await t.register(), await t.register()]
    const tombstoneId = await t.db.transaction().execute(async (trx) => {
      const tombstone = await createAccountTombstone(trx)
      await deleteAccountRow(trx, gone.userId)
      return tombstone
    })
    for (const travellerId of ['no-such-traveller', gone.userId, tombstoneId]) {
      for (const path of ['/api/blocks/blockTraveller', '/api/blocks/muteTraveller', '/api/blocks/unblockTraveller']) {
        const { status, body } = await block(ann, travellerId, path)
        expect({ path, status, message: body.metadata.message }).toEqual({
          path,
          status: 404,
          message: BLOCK_REFUSALS.unknown,
        })
      }
    }
    expect(await t.db.selectFrom('blocks').selectAll().where('blocker_id', '=', ann.userId).execute()).toEqual([])
    expect(await t.db.selectFrom('mutes').selectAll().where('muter_id', '=', ann.userId).execute()).toEqual([])
  })

  it('asks a visitor to log in', async () => {
    const ann = await t.register()
    const { status } = await t.call('POST', '/api/blocks/blockTraveller', { body: { travellerId: ann.userId } })
    expect(status).toBe(403)
    expect((await t.call('GET', '/api/blocks/getBlockedTravellers')).status).toBe(403)
  })

  it('goes with either account when it is erased', async () => {
    const [ann, bob, cem] = [await t.register(), await t.register(), await t.register()]
    await block(ann, bob.userId)
    await block(cem, ann.userId)
    await mute(ann, cem.userId)
    await t.db.transaction().execute((trx) => deleteAccountRow(trx, ann.userId))
    const left = await t.db
      .selectFrom('blocks')
      .selectAll()
      .where((eb) => eb.or([eb('blocker_id', '=', ann.userId), eb('blocked_id', '=', ann.userId)]))
      .execute()
    expect(left).toEqual([])
    expect(await t.db.selectFrom('mutes').selectAll().where('muter_id', '=', ann.userId).execute()).toEqual([])
  })
})

describe('what a block hides, in both directions', () => {
  it('memories: neither opens the other’s memory, nor finds it in the feed or in a list', async () => {
    const { blocker, blocked, blockerMemory, blockedMemory, thirdMemory } = await blockedPair()
    for (const [viewer, otherMemory] of [
      [blocker, blockedMemory],
      [blocked, blockerMemory],
    ] as const) {
      const { status, body } = await getMemory(viewer, otherMemory)
      expect({ status, message: body.metadata.message }).toEqual({ status: 404, message: 'Memory not found.' })
      const feed = await feedIds(viewer)
      expect(feed).not.toContain(otherMemory)
      expect(feed).toContain(thirdMemory)
    }
  })

  it('comments and likes: neither sees the other’s on a third traveller’s memory, or on their own', async () => {
    const { blocker, blocked, third, blockerMemory, blockedMemory, thirdMemory } = await blockedPair()
    for (const [viewer, other, ownMemory] of [
      [blocker, blocked, blockerMemory],
      [blocked, blocker, blockedMemory],
    ] as const) {
      const onThird = (await getMemory(viewer, thirdMemory)).body.data
      expect(onThird.comments.map((comment) => comment.userId)).toEqual([viewer.userId])
      expect({ likes: onThird.likes, commentCount: onThird.commentCount }).toEqual({ likes: 1, commentCount: 1 })
      const own = (await getMemory(viewer, ownMemory)).body.data
      expect(own.comments.map((comment) => comment.userId)).not.toContain(other.userId)
      expect({ likes: own.likes, commentCount: own.commentCount }).toEqual({ likes: 0, commentCount: 0 })
    }
    // A third traveller still sees both.
    const seen = (await getMemory(third, thirdMemory)).body.data
    expect({ likes: seen.likes, commentCount: seen.commentCount }).toEqual({ likes: 2, commentCount: 2 })
  })

  it('notifications: what the other caused is hidden, and nothing new is sent between them', async () => {
    const { blocker, blocked } = await blockedPair()
    for (const viewer of [blocker, blocked]) {
      await t.call('POST', '/api/readAllNotifications', { token: viewer.token })
      expect(await notificationTitles(viewer)).not.toContain('New comment on your memory')
      expect(await notificationTitles(viewer)).not.toContain('New like on your memory')
    }
    // One the other causes even so (a call that passed its checks before the block) is not sent.
    await t.db
      .transaction()
      .execute((trx) => notify(trx, blocker.userId, 'New like on your memory', 'x', '/myFriends', blocked.userId))
    expect(await hasUnread(blocker)).toBe(false)
    expect(await t.db.selectFrom('notifications').select('id').where('content', '=', 'x').execute()).toEqual([])
  })

  it('friend page and friend search: neither finds the other any more', async () => {
    const { blocker, blocked } = await blockedPair()
    for (const [viewer, other] of [
      [blocker, blocked],
      [blocked, blocker],
    ] as const) {
      const page = await t.call<FriendPage>('GET', `/api/friends/getFriendPage?userId=${other.userId}`, {
        token: viewer.token,
      })
      expect({ status: page.status, message: page.body.metadata.message }).toEqual({
        status: 404,
        message: NOT_A_FRIEND,
      })
      const found = await t.call<FriendMatch[]>(
        'GET',
        `/api/friends/searchFriends?name=${encodeURIComponent(other.username)}`,
        { token: viewer.token },
      )
      expect(found.body.data).toEqual([])
    }
  })

  it('share pages have no viewer: a traveller’s public profile page shows the same to anyone', async () => {
    const { blocker, blocked } = await blockedPair()
    const page = await t.app.inject({ method: 'GET', url: `/s/user?shareId=${blocked.friendCode}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(blocked.username)
    expect(blocker.username).not.toBe(blocked.username)
  })
})

describe('what a block refuses, in both directions', () => {
  it('adding as a friend: the blocker is told to unblock first; the blocked one hears of a code nobody has', async () => {
    const { blocker, blocked } = await blockedPair()
    const byBlocker = await t.call<AddFriendResult>('POST', '/api/friends/addFriend', {
      token: blocker.token,
      body: { friendCode: blocked.friendCode },
    })
    expect({ status: byBlocker.status, message: byBlocker.body.metadata.message }).toEqual({
      status: 422,
      message: `You blocked ${blocked.username}. Unblock them in My Account to add them as a friend.`,
    })
    const byBlocked = await t.call<AddFriendResult>('POST', '/api/friends/addFriend', {
      token: blocked.token,
      body: { friendCode: blocker.friendCode },
    })
    expect({ status: byBlocked.status, message: byBlocked.body.metadata.message }).toEqual({
      status: 404,
      message: `No traveller has the friend code ${blocker.friendCode}. Please check it and try again.`,
    })
    expect(await friendsAreFriends(blocker, blocked)).toBe(0)
  })

  it('liking, commenting and replying: the memory or the comment is not found, and nothing is stored', async () => {
    const { blocker, blocked, third, blockerMemory, blockedMemory, thirdMemory } = await blockedPair()
    const thirdsView = (await getMemory(third, thirdMemory)).body.data
    for (const [actor, other, otherMemory] of [
      [blocker, blocked, blockedMemory],
      [blocked, blocker, blockerMemory],
    ] as const) {
      const like = await t.call<LikeMemoryResult>('POST', '/api/memory/likeMemory', {
        token: actor.token,
        body: { memoryId: otherMemory },
      })
      expect({ status: like.status, message: like.body.metadata.message }).toEqual({
        status: 404,
        message: 'Memory not found.',
      })
      const comment = await t.call<PostCommentResult>('POST', '/api/memory/postComment', {
        token: actor.token,
        body: { memoryId: otherMemory, commentContent: 'Hello again' },
      })
      expect({ status: comment.status, message: comment.body.metadata.message }).toEqual({
        status: 404,
        message: 'Memory not found.',
      })
      const othersComment = thirdsView.comments.find((item) => item.userId === other.userId)
      const reply = await t.call<PostCommentResult>('POST', '/api/memory/postComment', {
        token: actor.token,
        body: {
          memoryId: thirdMemory,
          commentContent: 'Hello again',
          replyToCommentId: othersComment?.memoryCommentId,
        },
      })
      expect({ status: reply.status, message: reply.body.metadata.message }).toEqual({
        status: 404,
        message: 'The comment you reply to was not found.',
      })
    }
    const written = await t.db.selectFrom('memory_comments').select('id').where('content', '=', 'Hello again').execute()
    expect(written).toEqual([])
  })

  it('tagging and giving a card: refused as for anyone who is not a friend', async () => {
    const { blocker, blocked } = await blockedPair()
    for (const [actor, other] of [
      [blocker, blocked],
      [blocked, blocker],
    ] as const) {
      const userCardId = await giveCopy(t, actor.userId, paris)
      const tag = await t.call<CreateMemoryResult>('POST', '/api/memory/createMemory', {
        token: actor.token,
        body: memoryBody(userCardId, { taggedFriends: [other.userId] }),
      })
      expect({ status: tag.status, message: tag.body.metadata.message }).toEqual({
        status: 400,
        message: 'You can only tag your friends.',
      })
      const gift = await t.call<GiftUserCardResult>('POST', '/api/giftUserCard', {
        token: actor.token,
        body: { userCardId, friendUserId: other.userId },
      })
      expect({ status: gift.status, message: gift.body.metadata.message }).toEqual({
        status: 422,
        message: 'You can give cards only to your friends.',
      })
      const copy = await t.db.selectFrom('user_cards').select('user_id').where('id', '=', userCardId).executeTakeFirst()
      expect(copy?.user_id).toBe(actor.userId)
    }
  })
})

describe('a block and an add-friend of the same pair at once', () => {
  it('never leave a friendship beside the block, whichever comes first', async () => {
    for (let round = 0; round < 8; round += 1) {
      const [ann, bob] = [await t.register(), await t.register()]
      const [blocked, added] = await Promise.all([
        block(ann, bob.userId),
        t.call<AddFriendResult>('POST', '/api/friends/addFriend', {
          token: bob.token,
          body: { friendCode: ann.friendCode },
        }),
      ])
      expect(blocked.status).toBe(200)
      expect([200, 404]).toContain(added.status)
      expect(await friendsAreFriends(ann, bob)).toBe(0)
    }
    expect(t.loggedErrors).toEqual([])
  })
})

/**
 * Holds a row lock in a transaction of its own until `release` is called, so a call that needs the row waits there
 * (PostgreSQL; SQLite has no row locks).
 */
async function holdingRow(lock: (trx: Transaction<Database>) => Promise<unknown>) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let held!: () => void
  const isHeld = new Promise<void>((resolve) => (held = resolve))
  const done = t.db.transaction().execute(async (trx) => {
    await lock(trx)
    held()
    await released
  })
  await isHeld
  return async () => {
    release()
    await done
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A gift or a new tag that read "friends" before a block of the pair was written must not be written after the block:
 * the block would end a friendship the write still relies on. Each write is made to wait on a row of its own (the
 * giver's copies, the memory) after its friendship check, while the other traveller blocks.
 */
// Row locks exist on PostgreSQL only: SQLite runs one writer at a time, so the interleaving cannot happen there.
if (process.env.TEST_DATABASE_URL)
  describe('a block racing a gift or a tag of the same pair', () => {
    it('a gift either lands before the block or is refused, never after it', async () => {
      const [ann, bob] = [await t.register(), await t.register()]
      await makeFriends(t, ann, bob)
      const userCardId = await giveCopy(t, ann.userId, paris)
      await giveCopy(t, ann.userId, paris)
      const order: string[] = []
      const release = await holdingRow((trx) =>
        trx.updateTable('user_cards').set({ user_id: ann.userId }).where('id', '=', userCardId).execute(),
      )
      const gift = t
        .call<GiftUserCardResult>('POST', '/api/giftUserCard', {
          token: ann.token,
          body: { userCardId, friendUserId: bob.userId },
        })
        .finally(() => order.push('gift'))
      await pause(400)
      const blocked = block(bob, ann.userId).finally(() => order.push('block'))
      await pause(400)
      await release()
      const [given, blocking] = await Promise.all([gift, blocked])
      expect(blocking.status).toBe(200)
      const copy = await t.db.selectFrom('user_cards').select('user_id').where('id', '=', userCardId).executeTakeFirst()
      if (given.status === 200) {
        expect(order).toEqual(['gift', 'block'])
        expect(copy?.user_id).toBe(bob.userId)
      } else {
        expect(given.status).toBe(422)
        expect(copy?.user_id).toBe(ann.userId)
      }
      expect(t.loggedErrors).toEqual([])
    })

    it('a memory edited to tag the other never keeps the tag beside the block', async () => {
      const [ann, bob] = [await t.register(), await t.register()]
      await makeFriends(t, ann, bob)
      const memoryId = await createMemory(t, ann, paris, { visibility: 2 })
      const userCardId = (
        await t.db.selectFrom('memories').select('user_card_id').where('id', '=', memoryId).executeTakeFirstOrThrow()
      ).user_card_id
      const release = await holdingRow((trx) =>
        trx.updateTable('memories').set({ visibility: 2 }).where('id', '=', memoryId).execute(),
      )
      const { userCardId: _copy, ...fields } = memoryBody(userCardId, { visibility: 2, taggedFriends: [bob.userId] })
      const edited = t.call<null>('POST', '/api/memory/updateMemory', {
        token: ann.token,
        body: { memoryId, ...fields },
      })
      await pause(400)
      const blocked = block(bob, ann.userId)
      await pause(400)
      await release()
      const [edit, blocking] = await Promise.all([edited, blocked])
      expect(blocking.status).toBe(200)
      expect([200, 400]).toContain(edit.status)
      const tags = await t.db.selectFrom('memory_tags').select('user_id').where('memory_id', '=', memoryId).execute()
      expect(tags).toEqual([])
      expect(t.loggedErrors).toEqual([])
    })

    it('a memory created tagging the other never keeps the tag beside the block', async () => {
      const [ann, bob] = [await t.register(), await t.register()]
      await makeFriends(t, ann, bob)
      const userCardId = await giveCopy(t, ann.userId, paris)
      // An upload of ann's, whose row the creation waits on after it has written the tag.
      const fileName = `${crypto.randomUUID()}.png`
      await t.db
        .insertInto('memory_pictures')
        .values({
          file_name: fileName,
          user_id: ann.userId,
          memory_id: null,
          position: 0,
          width: 16,
          height: 12,
          created_at: new Date().toISOString(),
          visit_card_set_id: null,
          visit_verdict: null,
          visit_taken_on: null,
        })
        .execute()
      const release = await holdingRow((trx) =>
        trx.updateTable('memory_pictures').set({ position: 0 }).where('file_name', '=', fileName).execute(),
      )
      const created = t.call<CreateMemoryResult>('POST', '/api/memory/createMemory', {
        token: ann.token,
        body: memoryBody(userCardId, { visibility: 2, taggedFriends: [bob.userId], memoryPictures: [fileName] }),
      })
      await pause(400)
      const blocked = block(bob, ann.userId)
      await pause(400)
      await release()
      const [creation, blocking] = await Promise.all([created, blocked])
      expect(blocking.status).toBe(200)
      expect([200, 400]).toContain(creation.status)
      const tags = await t.db
        .selectFrom('memory_tags')
        .innerJoin('memories', 'memories.id', 'memory_tags.memory_id')
        .select('memory_tags.user_id')
        .where('memories.user_card_id', '=', userCardId)
        .execute()
      expect(tags).toEqual([])
      expect(t.loggedErrors).toEqual([])
    })
  })

/** A gift now takes the giver's account row first, so a recycle of the giver's must too (docs/security.md#locks). */
if (process.env.TEST_DATABASE_URL)
  describe('a gift and a recycle by one traveller at once', () => {
    it('a gift and a recycle of the giver’s copies at once wait for each other without a deadlock', async () => {
      const deadlocks = async () => {
        await sql`select pg_stat_force_next_flush()`.execute(t.db)
        await sql`select pg_stat_clear_snapshot()`.execute(t.db)
        const { rows } = await sql<{
          deadlocks: string
        }>`select deadlocks from pg_stat_database where datname = current_database()`.execute(t.db)
        return Number(rows[0]?.deadlocks ?? 0)
      }
      const [ann, bob] = [await t.register(), await t.register()]
      await makeFriends(t, ann, bob)
      const given = await giveCopy(t, ann.userId, paris)
      const recycled = await giveCopy(t, ann.userId, paris)
      await giveCopy(t, ann.userId, paris)
      const before = await deadlocks()
      // The gift takes the two accounts, then waits for the day's count while the recycle takes its copy.
      const release = await holdingRow((trx) =>
        trx
          .insertInto('card_gift_days')
          .values({ giver_id: ann.userId, day: new Date().toISOString().slice(0, 10), gift_count: 0 })
          .execute(),
      )
      const gift = t.call<GiftUserCardResult>('POST', '/api/giftUserCard', {
        token: ann.token,
        body: { userCardId: given, friendUserId: bob.userId },
      })
      await pause(400)
      const recycle = t.call('POST', '/api/recycleUserCard', { token: ann.token, body: { userCardId: recycled } })
      await pause(400)
      await release()
      const [gave, recycledAnswer] = await Promise.all([gift, recycle])
      expect([gave.status, recycledAnswer.status]).toEqual([200, 200])
      expect((await deadlocks()) - before).toBe(0)
    })
  })

describe('POST /api/blocks/unblockTraveller', () => {
  it('brings back what the block hid in both directions, but not the friendship', async () => {
    const { blocker, blocked, blockerMemory, blockedMemory } = await blockedPair()
    expect((await unblock(blocker, blocked.userId)).status).toBe(200)
    expect((await getMemory(blocker, blockedMemory)).status).toBe(200)
    expect((await getMemory(blocked, blockerMemory)).status).toBe(200)
    expect(await feedIds(blocker)).toContain(blockedMemory)
    expect(await feedIds(blocked)).toContain(blockerMemory)
    const own = (await getMemory(blocker, blockerMemory)).body.data
    expect(own.comments.map((comment) => comment.userId)).toContain(blocked.userId)
    expect(await notificationTitles(blocker)).toContain('New comment on your memory')
    expect(await friendsAreFriends(blocker, blocked)).toBe(0)
    const list = await t.call<ListedTraveller[]>('GET', '/api/blocks/getBlockedTravellers', { token: blocker.token })
    expect(list.body.data).toEqual([])
  })

  it('cannot be done by the blocked traveller, and is a no-op for one not blocked', async () => {
    const { blocker, blocked, blockerMemory } = await blockedPair()
    expect((await unblock(blocked, blocker.userId)).status).toBe(200)
    expect((await getMemory(blocked, blockerMemory)).status).toBe(404)
  })
})

describe('muting', () => {
  it('takes the muted traveller’s memories out of the muter’s feed only, silently, until unmuted', async () => {
    const [ann, bob] = [await t.register(), await t.register()]
    await makeFriends(t, ann, bob)
    const bobsMemory = await createMemory(t, bob, paris, { visibility: 2 })
    const annsMemory = await createMemory(t, ann, paris, { visibility: 3 })
    const notificationsOfBob = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', bob.userId)
      .execute()
    expect((await mute(ann, bob.userId)).status).toBe(200)
    expect((await mute(ann, bob.userId)).status).toBe(200)

    expect(await feedIds(ann)).not.toContain(bobsMemory)
    expect(await feedIds(bob)).toContain(annsMemory)
    expect((await getMemory(ann, bobsMemory)).status).toBe(200)
    expect(await friendsAreFriends(ann, bob)).toBe(2)
    await t.call('POST', '/api/memory/likeMemory', { token: bob.token, body: { memoryId: annsMemory } })
    expect(await notificationTitles(ann)).toContain('New like on your memory')
    expect(
      await t.db.selectFrom('notifications').select('id').where('user_id', '=', bob.userId).execute(),
    ).toHaveLength(notificationsOfBob.length)
    const muted = await t.call<ListedTraveller[]>('GET', '/api/blocks/getMutedTravellers', { token: ann.token })
    expect(muted.body.data.map((row) => row.userId)).toEqual([bob.userId])

    expect((await unmute(ann, bob.userId)).status).toBe(200)
    expect(await feedIds(ann)).toContain(bobsMemory)
  })
})
