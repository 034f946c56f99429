import sharp from 'sharp'

import { createArtRenderer } from '@server/lib/art/artRenderer'
import { renderArtTask, type ArtTask } from '@server/lib/art/renderArt'
import { present } from '@test/helpers/present'

jest.setTimeout(60_000)

const LISBON: ArtTask = {
  kind: 'card',
  data: {
    cardSetId: 'pt-lisbon',
    name: 'Lisbon',
    rarity: 4,
    kind: 'city',
    typeLine: 'Portugal',
    facts: [
      ['Country', 'Portugal'],
      ['People', '520,000'],
    ],
    flagCode: 'pt',
    serial: 'GRT 041/125',
    subject: {
      kind: 'city',
      shape: null,
      within: { atlas: 'world', id: '620' },
      latitude: 38.72,
      longitude: -9.14,
    },
  },
  width: 250,
  height: 350,
  quality: 86,
  effort: 2,
}

const EUROPE: ArtTask = {
  kind: 'collection',
  data: {
    id: 'europe',
    name: 'Europe',
    placeCount: 2,
    places: [
      { kind: 'country', shapeAtlas: 'world', shapeId: '620', withinId: null, latitude: 39.5, longitude: -8 },
      { kind: 'country', shapeAtlas: 'world', shapeId: '724', withinId: null, latitude: 40, longitude: -4 },
    ],
  },
  quality: 88,
}

describe('art drawn on worker threads', () => {
  const renderer = createArtRenderer(2)
  afterAll(() => renderer.close())

  it('is the same picture as one drawn on this thread, for cards and collections', async () => {
    for (const task of [LISBON, EUROPE]) {
      const [threaded, here] = await Promise.all([renderer.render(task), renderArtTask(task)])
      expect(Buffer.isBuffer(threaded)).toBe(true)
      expect((await sharp(threaded).metadata()).format).toBe('webp')
      expect(threaded.equals(here)).toBe(true)
    }
  })

  it('draws pictures asked for at once, each its own', async () => {
    const names = ['Lisbon', 'Porto', 'Coimbra', 'Braga']
    const tasks = names.map((name): ArtTask => ({ ...LISBON, data: { ...LISBON.data, name } }))
    const pictures = await Promise.all(tasks.map((task) => renderer.render(task)))
    expect(new Set(pictures.map((picture) => picture.toString('base64'))).size).toBe(names.length)
    for (const [index, task] of tasks.entries()) {
      expect(present(pictures[index]).equals(await renderArtTask(task))).toBe(true)
    }
  })
})
