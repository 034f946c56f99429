import type { RegisterResult, UpdateProfileResult } from '@shared/session'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

let t: TestApp
let marta: TestUser
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  marta = await t.register()
  const named = await rename(marta, 'martadala')
  if (named.status !== 200) throw new Error(`could not name the first traveller: ${JSON.stringify(named.body)}`)
}, 60_000)
afterAll(() => t.close())

function rename(user: TestUser, newUsername: string) {
  return t.call<UpdateProfileResult>('POST', '/api/account/updateProfile', {
    token: user.token,
    body: { newUsername, newAvatarId: 1 },
  })
}

async function storedUsername(user: TestUser): Promise<string> {
  const row = await t.db.selectFrom('users').select('username').where('id', '=', user.userId).executeTakeFirstOrThrow()
  return row.username
}

describe('updateProfile and names that look like another traveller’s', () => {
  it.each([
    [
      'Cyrillic а among Latin letters',
      'mаrtаdаlа',
      'This username mixes Latin and Cyrillic letters. Please write it in one alphabet.',
    ],
    [
      'a Greek τ among Latin letters',
      'marτadala',
      'This username mixes Latin and Greek letters. Please write it in one alphabet.',
    ],
    [
      'letters of a script usernames do not use (Cherokee Ꭺ)',
      'Ꭺlice',
      'This username uses letters usernames cannot have. Please write it in a common alphabet, such as Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari, Chinese, Japanese or Korean.',
    ],
  ])('refuses %s with a 400 that says why, and keeps the name', async (_case, newUsername, message) => {
    const user = await t.register()
    const before = await storedUsername(user)

    const { status, body } = await rename(user, newUsername)

    expect(status).toBe(400)
    expect(body.metadata).toMatchObject({ status: false, errorCode: 'BadRequest', message })
    expect(await storedUsername(user)).toBe(before)
  })

  it.each([
    ['fullwidth letters', 'ｍａｒｔａｄａｌａ', 'martadala'],
    ['mathematical letters', '𝗆𝖺𝗋𝗍𝖺𝖽𝖺𝗅𝖺', 'martadala'],
    ['capitals in fullwidth', 'ＭＡＲＴＡＤＡＬＡ', 'MARTADALA'],
  ])('reads %s as the plain letters (NFKC), so they are the name already taken', async (_case, newUsername, plain) => {
    const user = await t.register()
    const before = await storedUsername(user)

    const { status, body } = await rename(user, newUsername)

    expect(status).toBe(409)
    expect(body.metadata.message).toBe(`The username ${plain} is already taken.`)
    expect(await storedUsername(user)).toBe(before)
  })

  it('refuses rnartadala, which looks like martadala, naming the likeness', async () => {
    const user = await t.register()

    const { status, body } = await rename(user, 'rnartadala')

    expect(status).toBe(409)
    expect(body.metadata).toMatchObject({
      errorCode: 'Conflict',
      message: "The username rnartadala looks the same as another traveller's. Please choose another.",
    })
  })

  it('refuses a whole name in Cyrillic letters that look like a Latin name taken', async () => {
    const owner = await t.register()
    expect((await rename(owner, 'aoo')).status).toBe(200)
    const copycat = await t.register()

    const { status } = await rename(copycat, 'аоо')

    expect(status).toBe(409)
  })

  it('stores fullwidth letters of a free name as plain ones, and keeps names of one script in any alphabet', async () => {
    const user = await t.register()
    for (const [typed, stored] of [
      ['ｈａｒｂｏｕｒ', 'harbour'],
      ['Мария', 'Мария'],
      ['山田太郎', '山田太郎'],
      ['yamadaたろう', 'yamadaたろう'],
      ['José  María ', 'José María'],
    ] as const) {
      const { status, body } = await rename(user, typed)
      expect({ typed, status, username: body.data.username }).toEqual({ typed, status: 200, username: stored })
      expect(await storedUsername(user)).toBe(stored)
    }
  })

  it('lets a traveller keep their own name, in another case too', async () => {
    expect((await rename(marta, 'martadala')).status).toBe(200)
    expect((await rename(marta, 'MartaDala')).status).toBe(200)
    expect((await rename(marta, 'martadala')).status).toBe(200)
  })

  it('lets only one of two travellers take two look-alike names at the same time', async () => {
    const [first, second] = [await t.register(), await t.register()]
    const answers = await Promise.all([rename(first, 'harbourmaster'), rename(second, 'harbourrnaster')])

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
  })
})

describe('registration and look-alike names', () => {
  it('gives an e-mail whose local part looks like a taken name a name of its own', async () => {
    const { status, body } = await t.call<RegisterResult>('POST', '/api/register', {
      body: { email: 'rnartadala@example.com', name: 'rnartadala', password: 'correct horse battery' },
    })

    expect(status).toBe(200)
    expect(body.data.username).toBe('rnartadala2')
  })

  it('names an e-mail whose local part mixes scripts traveller, never the mixed name', async () => {
    const { status, body } = await t.call<RegisterResult>('POST', '/api/register', {
      body: { email: 'mаrtа@example.com', name: 'mаrtа', password: 'correct horse battery' },
    })

    expect(status).toBe(200)
    expect(body.data.username).toMatch(/^traveller\d*$/)
  })

  it('reads a fullwidth local part as plain letters', async () => {
    const { status, body } = await t.call<RegisterResult>('POST', '/api/register', {
      body: { email: 'lena.berg@example.com', name: 'ｌｅｎａ．ｂｅｒｇ', password: 'correct horse battery' },
    })

    expect(status).toBe(200)
    expect(body.data.username).toBe('lena.berg')
  })
})
