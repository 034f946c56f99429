import sharp from 'sharp'

import type { MemoryFeed } from '@shared/feed'
import type { Memory } from '@shared/memories'
import { TEXTS } from '@shared/texts'
import { PictureSigner } from '@server/lib/pictureSigner'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import {
  cardsOfRarity,
  createMemory,
  fetchPicture,
  giveCopy,
  makeFriends,
  memoryBody,
  uploadFile,
  type Strings,
} from './fixtures'

/**
 * The permission matrix: every memory call, for each kind of caller, for each visibility.
 * `tagged` was tagged as a friend and unfriended since, so only the tag lets them see a Friends memory. `blocked` was
 * a tagged friend whom the owner blocked; `blocker` was a friend who blocked the owner: neither sees it
 * (docs/security.md#blocking).
 */
type Role = 'owner' | 'friend' | 'tagged' | 'stranger' | 'blocked' | 'blocker' | 'visitor'
const ROLES: Role[] = ['owner', 'friend', 'tagged', 'stranger', 'blocked', 'blocker', 'visitor']
const SEES: Record<Role, number[]> = {
  owner: [1, 2, 3],
  friend: [2, 3],
  tagged: [2, 3],
  stranger: [3],
  blocked: [],
  blocker: [],
  visitor: [],
}
const VISIBILITIES = [
  { visibility: 1, name: 'Private' },
  { visibility: 2, name: 'Friends' },
  { visibility: 3, name: 'Public' },
]

let t: TestApp
let cardIds: Strings<2>
beforeAll(async () => {
  t = await buildTestApp()
  cardIds = await cardsOfRarity(t, 1, 2)
}, 60_000)
afterAll(() => t.close())

async function allFeedIds(token: string): Promise<string[]> {
  const ids: string[] = []
  let cursor: string | null = null
  do {
    const query: string = cursor ? `?limit=50&cursor=${cursor}` : '?limit=50'
    const { body } = await t.call<MemoryFeed>('GET', `/api/feed/getMemoryFeed${query}`, { token })
    ids.push(...body.data.memories.map((m) => m.memoryId))
    cursor = body.data.nextCursor
  } while (cursor)
  return ids
}

describe.each(VISIBILITIES)('a $name memory', ({ visibility }) => {
  const users = {} as Record<Exclude<Role, 'visitor'>, TestUser>
  let memoryId: string
  let pictureFileName: string
  let spareCopyId: string
  let userCardId: string

  const tokenOf = (role: Role) => (role === 'visitor' ? undefined : users[role].token)
  const sees = (role: Role) => SEES[role].includes(visibility)
  const visibleStatus = (role: Role) => (role === 'visitor' ? 403 : sees(role) ? 200 : 404)
  const ownerStatus = (role: Role) => (role === 'visitor' ? 403 : role === 'owner' ? 200 : 404)

  beforeAll(async () => {
    for (const role of ['owner', 'friend', 'tagged', 'stranger', 'blocked', 'blocker'] as const)
      users[role] = await t.register()
    for (const role of ['friend', 'tagged', 'blocked', 'blocker'] as const)
      await makeFriends(t, users.owner, users[role])
    const upload = await uploadFile(t, users.owner.token, {
      data: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff8800' } })
        .png()
        .toBuffer(),
      fileName: 'dot.png',
      contentType: 'image/png',
    })
    pictureFileName = upload.body.data.pictureFileName
    memoryId = await createMemory(t, users.owner, cardIds[0], {
      visibility,
      taggedFriends: [users.tagged.userId, users.blocked.userId],
      memoryPictures: [pictureFileName],
    })
    for (const [by, of] of [
      ['owner', 'blocked'],
      ['blocker', 'owner'],
    ] as const) {
      const blocked = await t.call('POST', '/api/blocks/blockTraveller', {
        token: users[by].token,
        body: { travellerId: users[of].userId },
      })
      expect(blocked.status).toBe(200)
    }
    userCardId = (
      await t.db.selectFrom('memories').select('user_card_id').where('id', '=', memoryId).executeTakeFirstOrThrow()
    ).user_card_id
    spareCopyId = await giveCopy(t, users.owner.userId, cardIds[0])
    await t.db
      .deleteFrom('friendships')
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', users.owner.userId), eb('friend_id', '=', users.tagged.userId)]),
          eb.and([eb('user_id', '=', users.tagged.userId), eb('friend_id', '=', users.owner.userId)]),
        ]),
      )
      .execute()
  })

  it.each(ROLES)('GET /api/memory/getMemory as %s', async (role) => {
    const { status, body } = await t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${memoryId}`, {
      token: tokenOf(role),
    })
    expect(status).toBe(visibleStatus(role))
    if (status === 200) expect(body.data.isOwner).toBe(role === 'owner')
  })

  it.each(ROLES)('GET /api/memory/getMyMemories as %s lists it for the owner only', async (role) => {
    const { status, body } = await t.call<Memory[]>('GET', '/api/memory/getMyMemories', { token: tokenOf(role) })
    if (role === 'visitor') {
      expect(status).toBe(403)
      return
    }
    expect(status).toBe(200)
    expect(body.data.some((m) => m.memoryId === memoryId)).toBe(role === 'owner')
  })

  it.each(ROLES)('GET /api/feed/getMemoryFeed as %s', async (role) => {
    if (role === 'visitor') {
      expect((await t.call('GET', '/api/feed/getMemoryFeed')).status).toBe(403)
      return
    }
    expect((await allFeedIds(users[role].token)).includes(memoryId)).toBe(sees(role))
  })

  it.each(ROLES)('GET /api/getUserCard as %s shows the memory only to those who may see it', async (role) => {
    const { status, body } = await t.call<{ memory: { memoryId: string } | null }>(
      'GET',
      `/api/getUserCard?userCardId=${userCardId}`,
      { token: tokenOf(role) },
    )
    if (role === 'visitor') {
      expect(status).toBe(403)
      return
    }
    expect(status).toBe(200)
    expect(body.data.memory?.memoryId ?? null).toBe(sees(role) ? memoryId : null)
  })

  it.each(ROLES)('GET /api/image/memoryPicture as %s', async (role) => {
    if (role === 'visitor') {
      const bare = await fetchPicture(t, `/api/image/memoryPicture?image=${pictureFileName}`)
      expect(bare.status).not.toBe(200)
      return
    }
    // A link signed for this viewer, as the API would hand out while the memory was visible to them.
    const url = new PictureSigner(t.config.mediaSigningSecret).url(pictureFileName, users[role].userId)
    expect((await fetchPicture(t, url)).status).toBe(sees(role) ? 200 : 404)
  })

  it.each(ROLES)('POST /api/memory/likeMemory as %s', async (role) => {
    const { status } = await t.call('POST', '/api/memory/likeMemory', { token: tokenOf(role), body: { memoryId } })
    expect(status).toBe(visibleStatus(role))
  })

  it.each(ROLES)('POST /api/memory/postComment as %s', async (role) => {
    const { status } = await t.call('POST', '/api/memory/postComment', {
      token: tokenOf(role),
      body: { memoryId, commentContent: `Lovely, from the ${role}` },
    })
    expect(status).toBe(visibleStatus(role))
  })

  it.each(ROLES)('POST /api/memory/updateMemory as %s', async (role) => {
    const body = {
      ...memoryBody('unused', { visibility, memoryPictures: [pictureFileName], taggedFriends: [users.tagged.userId] }),
      memoryId,
      memoryContent: `Edited by ${role}`,
    }
    const { status, body: answer } = await t.call('POST', '/api/memory/updateMemory', { token: tokenOf(role), body })
    expect(status).toBe(ownerStatus(role))
    if (status === 404) expect(answer.metadata.message).toBe(TEXTS.memoryNotFound)
    const row = await t.db.selectFrom('memories').select('content').where('id', '=', memoryId).executeTakeFirstOrThrow()
    if (role !== 'owner') expect(row.content).not.toBe(`Edited by ${role}`)
  })

  it.each(ROLES)('POST /api/memory/updateVisibility as %s', async (role) => {
    const { status } = await t.call('POST', '/api/memory/updateVisibility', {
      token: tokenOf(role),
      body: { memoryId, visibility },
    })
    expect(status).toBe(ownerStatus(role))
  })

  it.each(['friend', 'tagged', 'stranger', 'blocked', 'blocker', 'visitor', 'owner'] as Role[])(
    'POST /api/memory/switchUserCard as %s',
    async (role) => {
      const { status } = await t.call('POST', '/api/memory/switchUserCard', {
        token: tokenOf(role),
        body: { memoryId, userCardId, newUserCardId: spareCopyId },
      })
      expect(status).toBe(ownerStatus(role))
      const row = await t.db
        .selectFrom('memories')
        .select('user_card_id')
        .where('id', '=', memoryId)
        .executeTakeFirstOrThrow()
      expect(row.user_card_id).toBe(role === 'owner' ? spareCopyId : userCardId)
    },
  )
})
