import fs from 'node:fs'
import path from 'node:path'

import { Value } from 'typebox/value'

import { EXPORT_ESTIMATE_HEADER, EXPORT_FORMAT_VERSION, ExportDataSchema, type ExportData } from '@shared/account'
import { VISIBILITY } from '@shared/constants'
import { present } from '@test/helpers/present'
import { startTestS3, type TestS3 } from '@test/helpers/s3'
import { API_KEY, buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'
import { unzip } from '@test/helpers/unzip'

import { cardsOfRarity, createMemory, makeFriends } from '../memories/fixtures'

import { buildTravellerWorld, SECRETS, uploadPicture, type TravellerWorld } from './accountKit'

jest.setTimeout(60_000)

async function exportOf(t: TestApp, user: TestUser) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/account/exportMyData',
    headers: { 'x-api-key': API_KEY, 'x-auth-key': user.token },
  })
  return response
}

async function unzippedExport(t: TestApp, user: TestUser) {
  const response = await exportOf(t, user)
  expect(response.statusCode).toBe(200)
  const files = await unzip(response.rawPayload)
  const data = JSON.parse(present(files.get('data.json')).toString('utf8')) as ExportData
  return { response, files, data }
}

function storedPicture(t: TestApp, fileName: string): Buffer {
  return fs.readFileSync(path.join(t.config.dataDir, 'blobs', 'memory-pictures', fileName))
}

describe('GET /api/account/exportMyData', () => {
  let t: TestApp
  let world: TravellerWorld
  // Marta's export, read once: three an hour is the limit.
  let exported: Awaited<ReturnType<typeof unzippedExport>>
  beforeAll(async () => {
    t = await buildTestApp()
    world = await buildTravellerWorld(t)
    exported = await unzippedExport(t, world.marta)
  })
  afterAll(() => t.close())

  it('asks for a login before anything else', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/account/exportMyData',
      headers: { 'x-api-key': API_KEY },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ metadata: { errorCode: 'LoginRequired' } })
  })

  it('answers a ZIP named for the day, with an estimate of its size', async () => {
    const { response } = exported
    expect(response.headers['content-type']).toBe('application/zip')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="wandercards-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    )
    expect(response.headers['cache-control']).toBe('no-store')
    const estimate = Number(response.headers[EXPORT_ESTIMATE_HEADER])
    // An estimate, not a promise: it is in the right range of the archive's real size.
    expect(estimate).toBeGreaterThan(response.rawPayload.length / 4)
    expect(estimate).toBeLessThan(response.rawPayload.length * 4)
  })

  it('holds data.json in the documented format, the account without its password', async () => {
    const { files, data } = exported
    expect(Value.Errors(ExportDataSchema, data)).toEqual([])
    expect(data.formatVersion).toBe(EXPORT_FORMAT_VERSION)
    expect(data.account).toMatchObject({ userId: world.marta.userId, email: world.marta.email.toLowerCase() })
    const everything = Buffer.concat([...files.values()]).toString('latin1')
    expect(everything).not.toContain('scrypt$')
    expect(everything).not.toContain('password')
    expect([...files.keys()].sort()).toEqual(
      [
        'README.txt',
        'data.json',
        'index.html',
        ...world.martaPictures.map((name) => `pictures/${name}`),
        `pictures/${world.martaUnattachedPicture}`,
        `cards/${world.cardIds[0]}.webp`,
        `cards/${world.cardIds[1]}.webp`,
      ].sort(),
    )
  })

  it('holds everything Marta owns or wrote', async () => {
    const { data } = exported
    expect(data.memories.map((memory) => memory.content).sort()).toEqual([SECRETS.martaPrivate, SECRETS.martaPublic])
    const publicMemory = present(data.memories.find((memory) => memory.memoryId === world.martaPublicMemory))
    expect(publicMemory).toMatchObject({
      visibility: 'Public',
      likeCount: 1,
      commentCount: 1,
      taggedFriends: [{ userId: world.lena.userId, username: world.lena.username }],
      cardImage: `cards/${world.cardIds[0]}.webp`,
    })
    expect(publicMemory.pictures.map((picture) => picture.file)).toEqual(
      world.martaPictures.map((name) => `pictures/${name}`),
    )
    expect(publicMemory.pictures[0]).toMatchObject({ width: 64, height: 48 })
    expect(data.unattachedPictures.map((picture) => picture.fileName)).toEqual([world.martaUnattachedPicture])
    expect(data.commentsWritten).toEqual([
      expect.objectContaining({
        commentId: world.martaCommentOnLena,
        memoryId: world.lenaFriendsMemory,
        onOwnMemory: false,
        content: SECRETS.martaComment,
      }),
    ])
    expect(data.likesGiven).toEqual([
      expect.objectContaining({ memoryId: world.lenaFriendsMemory, onOwnMemory: false }),
    ])
    expect(data.friends).toEqual([
      expect.objectContaining({ userId: world.lena.userId, username: world.lena.username }),
    ])
    expect(data.copies.map((copy) => copy.userCardId)).toContain(world.pickedCopy)
    expect(data.draws).toEqual([
      expect.objectContaining({
        transactionId: world.pickTransaction,
        kind: 'pick',
        cards: [expect.objectContaining({ userCardId: world.pickedCopy })],
      }),
      expect.objectContaining({ transactionId: world.drawTransaction, kind: 'draw', price: 1_500 }),
      // The second pick, whose copy went to Lena.
      expect.objectContaining({ kind: 'pick', price: 1_000 }),
    ])
    expect(data.ledger.map((entry) => entry.reason).sort()).toEqual(['draw', 'pick', 'pick', 'test_grant'])
    expect(data.ledger.reduce((sum, entry) => sum + entry.amount, 0)).toBe(data.account.digitalCredit)
    expect(data.certificates.map((certificate) => certificate.source)).toContain('welcome')
    expect(data.beenThere).toHaveLength(1)
    expect(data.contentRequests).toEqual([expect.objectContaining({ requestContent: 'Please add Hvar.' })])
    expect(data.notifications.map((notification) => notification.title)).toContain('New comment on your memory')
  })

  it("holds Marta's gifts, her spending limit and her bucket list", async () => {
    const { data } = exported
    expect(data.wantToGo).toEqual([expect.objectContaining({ addedAt: expect.any(String) })])
    expect(data.verifiedVisits).toEqual([])
    expect(data.gifts).toEqual([
      expect.objectContaining({
        direction: 'given',
        friendUsername: world.lena.username,
        cardId: world.cardIds.at(-1),
      }),
    ])
    expect(data.spendingLimit).toEqual({ monthlyLimitCents: 5_000, pendingLimitCents: null, pendingAppliesAt: null })
  })

  it('holds the trips a traveller owns or is invited to, oldest first, with their own memories in each', async () => {
    const ana = await t.register()
    const ben = await t.register()
    await makeFriends(t, ana, ben)
    const [anaCard, benCard] = await cardsOfRarity(t, 2, 2)
    const anaMemory = await createMemory(t, ana, anaCard, { visibility: VISIBILITY.Friends })
    const benMemory = await createMemory(t, ben, benCard, { visibility: VISIBILITY.Public })
    const trip = async (owner: TestUser, title: string, memoryIds: string[]) => {
      const { body } = await t.call<{ tripId: string }>('POST', '/api/trip/createTrip', {
        token: owner.token,
        body: { title, visibility: VISIBILITY.Friends, memoryIds },
      })
      return body.data.tripId
    }
    const anasTrip = await trip(ana, 'Coast to coast', [anaMemory])
    const bensTrip = await trip(ben, 'Ben goes north', [benMemory])
    await t.call('POST', '/api/trip/inviteToTrip', { token: ben.token, body: { tripId: bensTrip, userId: ana.userId } })

    const { data } = await unzippedExport(t, ana)
    expect(data.trips).toEqual([
      expect.objectContaining({ tripId: anasTrip, title: 'Coast to coast', role: 'owner', memoryIds: [anaMemory] }),
      // Ben's memory is his to export, not Ana's.
      expect.objectContaining({ tripId: bensTrip, title: 'Ben goes north', role: 'invited', memoryIds: [] }),
    ])
  })

  it('holds the original pictures, byte for byte', async () => {
    const { files } = exported
    for (const name of [...world.martaPictures, world.martaUnattachedPicture]) {
      expect(present(files.get(`pictures/${name}`)).equals(storedPicture(t, name))).toBe(true)
    }
  })

  it("lists a friend's memory Marta is tagged in by name only, and never another traveller's private data", async () => {
    const { files, data } = exported
    expect(data.taggedIn).toEqual([
      { memoryId: world.lenaFriendsMemory, authorUsername: world.lena.username, cardName: expect.any(String) },
    ])
    const everything = Buffer.concat([...files.values()]).toString('latin1')
    for (const text of [SECRETS.lenaFriends, SECRETS.lenaPrivate]) expect(everything).not.toContain(text)
    // Lena's comments reached Marta only as the notifications in her own inbox, which quote them.
    const outsideInbox = JSON.stringify({ ...data, notifications: [] }) + present(files.get('index.html')).toString()
    for (const text of [SECRETS.lenaReply, SECRETS.lenaComment]) expect(outsideInbox).not.toContain(text)
    for (const user of [world.lena, world.stranger]) expect(everything).not.toContain(user.email.toLowerCase())
    for (const fileName of [world.lenaPicture, world.strangerPicture]) {
      expect(everything).not.toContain(fileName)
      expect(everything).not.toContain(storedPicture(t, fileName).toString('latin1'))
    }
    expect(everything).not.toContain(world.lenaPrivateMemory)
  })

  it('leaves out a memory Marta is tagged in once its author makes it Private', async () => {
    await t.call('POST', '/api/memory/updateVisibility', {
      token: world.lena.token,
      body: { memoryId: world.lenaFriendsMemory, visibility: 1 },
    })
    try {
      const { data } = await unzippedExport(t, world.marta)
      expect(data.taggedIn).toEqual([])
    } finally {
      await t.call('POST', '/api/memory/updateVisibility', {
        token: world.lena.token,
        body: { memoryId: world.lenaFriendsMemory, visibility: 2 },
      })
    }
  })

  it('holds a travel book that shows each memory on its card, with relative paths only', async () => {
    const { files } = exported
    const book = present(files.get('index.html')).toString('utf8')
    expect(book).toContain(SECRETS.martaPublic)
    expect(book).toContain(SECRETS.martaPrivate)
    for (const name of world.martaPictures) expect(book).toContain(`src="pictures/${name}"`)
    expect(book).toContain(`src="cards/${world.cardIds[0]}.webp"`)
    expect(book).not.toMatch(/(src|href)="(https?:)?\/\//)
    expect(book).not.toContain('<script')
    expect(book).toContain(`@${world.lena.username}`)
  })

  it('still exports when a picture file is gone, and says which', async () => {
    const traveller = await t.register()
    const [kept, lost] = [await uploadPicture(t, traveller, '#123456'), await uploadPicture(t, traveller, '#654321')]
    fs.rmSync(path.join(t.config.dataDir, 'blobs', 'memory-pictures', lost))
    const { files, data } = await unzippedExport(t, traveller)
    expect(data.unattachedPictures).toHaveLength(2)
    expect(data.unattachedPictures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fileName: kept, file: `pictures/${kept}` }),
        expect.objectContaining({ fileName: lost, file: null }),
      ]),
    )
    expect(files.has(`pictures/${kept}`)).toBe(true)
    expect(files.has(`pictures/${lost}`)).toBe(false)
  })

  it('exports a traveller with nothing yet', async () => {
    const newcomer = await t.register()
    const { files, data } = await unzippedExport(t, newcomer)
    expect(data.memories).toEqual([])
    expect(present(files.get('index.html')).toString('utf8')).toContain('You have not written any memories yet.')
  })

  it('allows three exports an hour per traveller', async () => {
    const busy = await t.register()
    for (let i = 0; i < 3; i += 1) expect((await exportOf(t, busy)).statusCode).toBe(200)
    const refused = await exportOf(t, busy)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ metadata: { errorCode: 'TooManyRequests' } })
    // Counted per traveller: someone else on the same address still exports.
    expect((await exportOf(t, await t.register())).statusCode).toBe(200)
  })
})

describe('the export from an S3 blob store', () => {
  let s3: TestS3
  let t: TestApp
  beforeAll(async () => {
    s3 = await startTestS3()
    t = await buildTestApp({ env: s3.env })
  })
  afterAll(async () => {
    await t.close()
    await s3.close()
  })

  it('reads the pictures from the bucket', async () => {
    const traveller = await t.register()
    const fileName = await uploadPicture(t, traveller, '#0f5c63')
    const stored = present(await t.app.blobs.get(`memory-pictures/${fileName}`))
    const { files, data } = await unzippedExport(t, traveller)
    expect(data.unattachedPictures).toEqual([expect.objectContaining({ fileName, file: `pictures/${fileName}` })])
    expect(present(files.get(`pictures/${fileName}`)).equals(stored)).toBe(true)
  })
})
