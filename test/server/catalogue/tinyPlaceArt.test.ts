import { buildMapScene, type MapSubject } from '@server/lib/art/mapScene'

const WIDTH = 300
const HEIGHT = 220

/** The width of an SVG path's bounding box, from the coordinates d3 writes into it. */
function pathWidth(path: string): number {
  const xs = [...path.matchAll(/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/g)].map((match) => Number(match[1]))
  return xs.length ? Math.max(...xs) - Math.min(...xs) : 0
}

function country(id: string): MapSubject {
  return { kind: 'country', shape: { atlas: 'world', id }, latitude: null, longitude: null }
}

describe('card art of a tiny territory', () => {
  it.each([
    ['Montserrat', '500'],
    ['Saint Barthélemy', '652'],
  ])('draws %s large enough to see its shape', (_name, id) => {
    const scene = buildMapScene(country(id), WIDTH, HEIGHT)
    expect(pathWidth(scene.place)).toBeGreaterThan(WIDTH * 0.1)
  })

  it('keeps a country of ordinary size framed as before', () => {
    const serbia = buildMapScene(country('688'), WIDTH, HEIGHT)
    expect(pathWidth(serbia.place)).toBeGreaterThan(WIDTH * 0.3)
    expect(pathWidth(serbia.place)).toBeLessThanOrEqual(WIDTH)
  })
})
