import fs from 'node:fs'
import path from 'node:path'

import sharp from 'sharp'

import { buildCatalogue } from '@server/db/seed/catalogueData'
import {
  renderAvatar,
  renderCardArt,
  renderCollectionArt,
  renderIcon,
  renderPlaceholder,
  type ArtContext,
} from '@server/features/catalogue/art'
import { cardSvg, FACT_LABEL_WIDTH, factLabelLines } from '@server/lib/art/cardSvg'
import { measureText, missingGlyphs, textPath } from '@server/lib/art/textPaths'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp } from '@test/helpers/server'

/** Places whose outlines are hard: huge, split by the date line, tiny, overseas parts, missing from the atlas. */
const SAMPLE_PLACES = [
  'country-pt',
  'country-ru',
  'country-fj',
  'country-us',
  'country-fr',
  'country-id',
  'country-ki',
  'country-va',
  'country-xk',
  'country-re',
  'country-sh',
  'us-ak',
  'us-hi',
  'us-ri',
  'us-dc',
  'pt-lisbon',
  'ru-moscow',
  'us-honolulu',
  'sg-singapore',
  'jp-kyoto',
  // Places without an outline of their own: a locator map on their country.
  'region-ca-on',
  'region-jp-47',
  'region-in-an',
  'br-campinas',
  'ru-vladivostok',
  'fj-suva',
]

const VERSION_1_COLLECTIONS = [
  'great-cities',
  'europe',
  'asia',
  'africa',
  'north-america',
  'south-america',
  'oceania',
  'us-states',
]

/** ART_PREVIEW_DIR=/some/dir writes what the test renders, to look at. ART_ALL=1 renders every card of the catalogue. */
const previewDir = process.env.ART_PREVIEW_DIR
const renderAll = process.env.ART_ALL === '1'

let t: TestApp
let art: ArtContext

beforeAll(async () => {
  t = await buildTestApp()
  art = { db: t.db, store: null }
  if (previewDir) fs.mkdirSync(previewDir, { recursive: true })
}, 120_000)

afterAll(async () => {
  await t.close()
})

async function preview(name: string, body: Buffer): Promise<void> {
  if (previewDir)
    await sharp(body)
      .png()
      .toFile(path.join(previewDir, `${name}.png`))
}

describe('card art', () => {
  it('renders sample places in every rarity and both sizes, with the name drawn', async () => {
    for (const [index, cardSetId] of SAMPLE_PLACES.entries()) {
      const rarity = (index % 5) + 1
      const cardId = `${cardSetId}-${rarity}`
      const small = await renderCardArt(art, cardId, 'sm')
      const large = await renderCardArt(art, cardId, 'lg')
      expect(small && (await sharp(small.body).metadata())).toMatchObject({ format: 'webp', width: 250, height: 350 })
      expect(large && (await sharp(large.body).metadata())).toMatchObject({ format: 'webp', width: 750, height: 1050 })
      await preview(cardId, present(large, 'the large card art').body)
    }
  }, 300_000)

  it('draws the name, the rarity and the facts as outlines, with no text left to system fonts', () => {
    const svg = cardSvg(
      {
        cardSetId: 'test-place',
        name: 'São Tomé and Príncipe',
        rarity: 5,
        kind: 'country',
        typeLine: 'Middle Africa',
        facts: [
          ['Capital', 'São Tomé'],
          ['Area', '964 km²'],
        ],
        flagCode: 'st',
        serial: 'AFR 047/059',
        subject: { kind: 'country', shape: { atlas: 'world', id: '678' }, latitude: 1, longitude: 7 },
      },
      250,
      350,
    )
    expect(svg).not.toMatch(/<text/)
    const paths = [...svg.matchAll(/<path d="([^"]*)"/g)].map(([, d = '']) => d)
    expect(paths.filter((d) => d.length > 200).length).toBeGreaterThanOrEqual(6)
    expect(svg).toContain('data:image/svg+xml;base64,')
  })

  it('keeps a long fact label clear of its value by putting it on two lines, and a short one as it is', () => {
    const long = factLabelLines('Autonomous Region')
    expect(long.map((line) => line.text)).toEqual(['AUTONOMOUS', 'REGION'])
    for (const line of long) {
      expect(measureText(line.text, { face: 'textBold', size: line.size, tracking: 0.1 })).toBeLessThanOrEqual(
        FACT_LABEL_WIDTH,
      )
    }
    expect(long[0]?.offset).toBeLessThan(0)
    expect(long[1]?.offset).toBeGreaterThan(0)
    expect(factLabelLines('People')).toEqual([{ text: 'PEOPLE', size: 12, offset: 0 }])
  })

  it('has a glyph for every letter of every place name and draws each name without broken outlines', () => {
    for (const place of buildCatalogue().flatMap((collection) => collection.places)) {
      expect({ name: place.name, missing: missingGlyphs(place.name, 'display') }).toEqual({
        name: place.name,
        missing: [],
      })
      const d = textPath(place.name, 0, 40, { face: 'display', size: 40 })
      expect(d.length).toBeGreaterThan(place.name.length * 20)
      expect(d).not.toMatch(/NaN|undefined/)
    }
  })

  it('returns null for an unknown card', async () => {
    await expect(renderCardArt(art, 'nowhere-1', 'sm')).resolves.toBeNull()
  })

  if (renderAll) {
    it('renders every card of the catalogue in both sizes', async () => {
      const cards = await t.db.selectFrom('cards').select('id').orderBy('id').execute()
      for (const { id } of cards) {
        for (const size of ['sm', 'lg'] as const) {
          const image = await renderCardArt(art, id, size)
          expect(image?.body.length).toBeGreaterThan(1000)
        }
      }
    }, 3_600_000)
  }
})

describe('collection art, avatars, placeholder and icon', () => {
  it('renders each kind of collection: continents, US states, great cities, regions and cities of a country or area', async () => {
    const collections = await t.db
      .selectFrom('collections')
      .select('id')
      .where('id', 'in', [...VERSION_1_COLLECTIONS, 'regions-ca', 'regions-jp', 'cities-cn', 'cities-oceania'])
      .execute()
    expect(collections).toHaveLength(VERSION_1_COLLECTIONS.length + 4)
    for (const { id } of collections) {
      const image = await renderCollectionArt(art, id)
      expect(image && (await sharp(image.body).metadata())).toMatchObject({ width: 800, height: 500 })
      await preview(`collection-${id}`, present(image, `the ${id} collection art`).body)
    }
  }, 120_000)

  it('renders 40 distinct avatars', async () => {
    const bodies = new Set<string>()
    for (let avatarId = 1; avatarId <= 40; avatarId += 1) {
      const image = await renderAvatar(art, avatarId)
      const { body } = present(image, `avatar ${avatarId}`)
      bodies.add(body.toString('base64'))
      if (avatarId <= 8) await preview(`avatar-${avatarId}`, body)
    }
    expect(bodies.size).toBe(40)
    await expect(renderAvatar(art, 0)).resolves.toBeNull()
  }, 120_000)

  it('renders the placeholder in both sizes and the icon', async () => {
    const placeholder = await renderPlaceholder(art, 'lg')
    expect(await sharp(placeholder.body).metadata()).toMatchObject({ width: 750, height: 1050 })
    await preview('placeholder', placeholder.body)
    const icon = await renderIcon(art)
    expect(await sharp(icon.body).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 })
    await preview('icon', icon.body)
  })
})
