import { geoArea, geoCentroid } from 'd3-geo'
import type { Feature } from 'geojson'
import { feature, neighbors } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import statesTopology from 'us-atlas/states-10m.json'

import { timeZoneAt } from './geo'
import { choose, formatArea, formatCoordinates, listOf, ordinal, shortListOf, shuffled } from './text'
import type { SeedPlace } from './types'

interface StateFacts {
  code: string
  capital: string
  nickname: string
  admitted: number
}

/** Capital, nickname and year of admission of each state, keyed by FIPS code as us-atlas uses it. */
const STATE_FACTS: Record<string, StateFacts> = {
  '01': { code: 'AL', capital: 'Montgomery', nickname: 'the Yellowhammer State', admitted: 1819 },
  '02': { code: 'AK', capital: 'Juneau', nickname: 'the Last Frontier', admitted: 1959 },
  '04': { code: 'AZ', capital: 'Phoenix', nickname: 'the Grand Canyon State', admitted: 1912 },
  '05': { code: 'AR', capital: 'Little Rock', nickname: 'the Natural State', admitted: 1836 },
  '06': { code: 'CA', capital: 'Sacramento', nickname: 'the Golden State', admitted: 1850 },
  '08': { code: 'CO', capital: 'Denver', nickname: 'the Centennial State', admitted: 1876 },
  '09': { code: 'CT', capital: 'Hartford', nickname: 'the Constitution State', admitted: 1788 },
  '10': { code: 'DE', capital: 'Dover', nickname: 'the First State', admitted: 1787 },
  '11': { code: 'DC', capital: 'Washington', nickname: 'the nation’s capital', admitted: 1790 },
  '12': { code: 'FL', capital: 'Tallahassee', nickname: 'the Sunshine State', admitted: 1845 },
  '13': { code: 'GA', capital: 'Atlanta', nickname: 'the Peach State', admitted: 1788 },
  '15': { code: 'HI', capital: 'Honolulu', nickname: 'the Aloha State', admitted: 1959 },
  '16': { code: 'ID', capital: 'Boise', nickname: 'the Gem State', admitted: 1890 },
  '17': { code: 'IL', capital: 'Springfield', nickname: 'the Prairie State', admitted: 1818 },
  '18': { code: 'IN', capital: 'Indianapolis', nickname: 'the Hoosier State', admitted: 1816 },
  '19': { code: 'IA', capital: 'Des Moines', nickname: 'the Hawkeye State', admitted: 1846 },
  '20': { code: 'KS', capital: 'Topeka', nickname: 'the Sunflower State', admitted: 1861 },
  '21': { code: 'KY', capital: 'Frankfort', nickname: 'the Bluegrass State', admitted: 1792 },
  '22': { code: 'LA', capital: 'Baton Rouge', nickname: 'the Pelican State', admitted: 1812 },
  '23': { code: 'ME', capital: 'Augusta', nickname: 'the Pine Tree State', admitted: 1820 },
  '24': { code: 'MD', capital: 'Annapolis', nickname: 'the Old Line State', admitted: 1788 },
  '25': { code: 'MA', capital: 'Boston', nickname: 'the Bay State', admitted: 1788 },
  '26': { code: 'MI', capital: 'Lansing', nickname: 'the Great Lakes State', admitted: 1837 },
  '27': { code: 'MN', capital: 'Saint Paul', nickname: 'the North Star State', admitted: 1858 },
  '28': { code: 'MS', capital: 'Jackson', nickname: 'the Magnolia State', admitted: 1817 },
  '29': { code: 'MO', capital: 'Jefferson City', nickname: 'the Show-Me State', admitted: 1821 },
  '30': { code: 'MT', capital: 'Helena', nickname: 'the Treasure State', admitted: 1889 },
  '31': { code: 'NE', capital: 'Lincoln', nickname: 'the Cornhusker State', admitted: 1867 },
  '32': { code: 'NV', capital: 'Carson City', nickname: 'the Silver State', admitted: 1864 },
  '33': { code: 'NH', capital: 'Concord', nickname: 'the Granite State', admitted: 1788 },
  '34': { code: 'NJ', capital: 'Trenton', nickname: 'the Garden State', admitted: 1787 },
  '35': { code: 'NM', capital: 'Santa Fe', nickname: 'the Land of Enchantment', admitted: 1912 },
  '36': { code: 'NY', capital: 'Albany', nickname: 'the Empire State', admitted: 1788 },
  '37': { code: 'NC', capital: 'Raleigh', nickname: 'the Tar Heel State', admitted: 1789 },
  '38': { code: 'ND', capital: 'Bismarck', nickname: 'the Peace Garden State', admitted: 1889 },
  '39': { code: 'OH', capital: 'Columbus', nickname: 'the Buckeye State', admitted: 1803 },
  '40': { code: 'OK', capital: 'Oklahoma City', nickname: 'the Sooner State', admitted: 1907 },
  '41': { code: 'OR', capital: 'Salem', nickname: 'the Beaver State', admitted: 1859 },
  '42': { code: 'PA', capital: 'Harrisburg', nickname: 'the Keystone State', admitted: 1787 },
  '44': { code: 'RI', capital: 'Providence', nickname: 'the Ocean State', admitted: 1790 },
  '45': { code: 'SC', capital: 'Columbia', nickname: 'the Palmetto State', admitted: 1788 },
  '46': { code: 'SD', capital: 'Pierre', nickname: 'the Mount Rushmore State', admitted: 1889 },
  '47': { code: 'TN', capital: 'Nashville', nickname: 'the Volunteer State', admitted: 1796 },
  '48': { code: 'TX', capital: 'Austin', nickname: 'the Lone Star State', admitted: 1845 },
  '49': { code: 'UT', capital: 'Salt Lake City', nickname: 'the Beehive State', admitted: 1896 },
  '50': { code: 'VT', capital: 'Montpelier', nickname: 'the Green Mountain State', admitted: 1791 },
  '51': { code: 'VA', capital: 'Richmond', nickname: 'the Old Dominion', admitted: 1788 },
  '53': { code: 'WA', capital: 'Olympia', nickname: 'the Evergreen State', admitted: 1889 },
  '54': { code: 'WV', capital: 'Charleston', nickname: 'the Mountain State', admitted: 1863 },
  '55': { code: 'WI', capital: 'Madison', nickname: 'the Badger State', admitted: 1848 },
  '56': { code: 'WY', capital: 'Cheyenne', nickname: 'the Equality State', admitted: 1890 },
}

/** Order of admission; several states joined in the same year, so the year alone cannot rank them. */
const ADMISSION_ORDER =
  'DE PA NJ GA CT MA MD SC NH VA NY NC RI VT KY TN OH LA IN MS IL AL ME MO AR MI FL TX IA WI CA MN OR KS WV NV NE CO ND SD MT WA ID WY UT OK NM AZ AK HI'.split(
    ' ',
  )

const THIRTEEN_COLONIES = new Set(['DE', 'PA', 'NJ', 'GA', 'CT', 'MA', 'MD', 'SC', 'NH', 'VA', 'NY', 'NC', 'RI'])
const EARTH_RADIUS_KM = 6371

interface StateShape {
  fips: string
  name: string
  feature: Feature
  neighbours: string[]
  areaKm2: number
}

function nameOf(properties: unknown): string {
  return (properties as { name?: string } | null)?.name ?? ''
}

function loadStateShapes(): StateShape[] {
  const topology = statesTopology as unknown as Topology
  const collection = topology.objects.states as GeometryCollection<{ name?: string }>
  const adjacency = neighbors(collection.geometries)
  return collection.geometries.map((geometry, index) => {
    const shape = feature(topology, geometry) as Feature
    return {
      fips: String(geometry.id),
      name: nameOf(geometry.properties),
      feature: shape,
      neighbours: (adjacency[index] ?? []).map((other) => nameOf(collection.geometries[other]?.properties)),
      // geoArea is in steradians; the outline includes inland water, so the figure is "about".
      areaKm2: geoArea(shape) * EARTH_RADIUS_KM * EARTH_RADIUS_KM,
    }
  })
}

export function buildUsStates(): SeedPlace[] {
  const shapes = loadStateShapes().flatMap((shape) => {
    const facts = STATE_FACTS[shape.fips]
    return facts ? [{ ...shape, facts }] : []
  })
  const byArea = [...shapes].filter((s) => s.fips !== '11').sort((a, b) => b.areaKm2 - a.areaKm2)
  return shapes
    .map((shape) => {
      const { facts } = shape
      const id = `us-${facts.code.toLowerCase()}`
      const [longitude, latitude] = geoCentroid(shape.feature)
      const sentences = shape.fips === '11' ? describeCapitalDistrict(shape) : describeState(id, shape, facts, byArea)
      return {
        id,
        name: shape.name,
        kind: 'state' as const,
        description: sentences.join(' '),
        countryCode: 'US',
        latitude: Math.round(latitude * 1e4) / 1e4,
        longitude: Math.round(longitude * 1e4) / 1e4,
        facts: {
          stateCode: facts.code,
          capital: facts.capital,
          nickname: facts.nickname,
          admitted: facts.admitted,
          areaKm2: Math.round(shape.areaKm2),
          neighbours: shape.neighbours,
          region: 'Americas',
          subregion: 'North America',
          country: 'United States',
          timeZone: timeZoneAt({ latitude, longitude }),
          flag: 'us',
          shape: { atlas: 'us', id: shape.fips },
        },
      }
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
}

function describeCapitalDistrict(shape: StateShape): string[] {
  return [
    'The District of Columbia is the federal capital of the United States, founded under the Residence Act of 1790 and belonging to no state.',
    `Its ${formatArea(shape.areaKm2)} lie on the Potomac River between ${listOf(shape.neighbours)}.`,
    'It is home to the White House, the Capitol and the Supreme Court.',
  ]
}

function describeState(id: string, shape: StateShape, facts: StateFacts, byArea: StateShape[]): string[] {
  const name = shape.name
  const opening = choose(id, 'opening', [
    `${name}, known as ${facts.nickname}, joined the Union in ${facts.admitted} and is governed from ${facts.capital}.`,
    `Nicknamed ${facts.nickname}, ${name} has ${facts.capital} as its capital and became a state in ${facts.admitted}.`,
    `${facts.capital} is the capital of ${name}, ${facts.nickname}, admitted to the Union in ${facts.admitted}.`,
    `Admitted in ${facts.admitted}, ${name} is ${facts.nickname}, with its seat of government in ${facts.capital}.`,
  ])
  const areaRank = byArea.findIndex((s) => s.fips === shape.fips) + 1
  const admissionRank = ADMISSION_ORDER.indexOf(facts.code) + 1
  const area = formatArea(shape.areaKm2)
  const centroid = geoCentroid(shape.feature)
  const extras: string[] = []
  extras.push(
    choose(id, 'size', [
      `Its outline encloses about ${area}, the ${ordinal(areaRank)} largest of the 50 states.`,
      `At about ${area}, it ranks ${ordinal(areaRank)} in size among the states.`,
    ]),
  )
  if (shape.neighbours.length) {
    const list = shortListOf(shape.neighbours, 6)
    extras.push(
      choose(id, 'neighbours', [
        `It borders ${list}.`,
        `Its neighbours are ${list}.`,
        `Crossing its state lines leads into ${list}.`,
      ]),
    )
  } else {
    extras.push(
      `It shares no border with another state, ${name === 'Hawaii' ? 'lying far out in the Pacific' : 'set apart from the lower 48 by Canada'}.`,
    )
  }
  if (THIRTEEN_COLONIES.has(facts.code)) {
    extras.push(
      choose(id, 'colony', [
        `As one of the Thirteen Colonies, it was the ${ordinal(admissionRank)} to ratify the Constitution.`,
        `One of the Thirteen Colonies, it ratified the Constitution ${ordinal(admissionRank)} of all.`,
        `It ratified the Constitution as the ${ordinal(admissionRank)} of the original Thirteen Colonies.`,
      ]),
    )
  } else {
    extras.push(
      choose(id, 'admission', [
        `It was the ${ordinal(admissionRank)} state to join the Union.`,
        `Its geographic centre lies near ${formatCoordinates(centroid[1], centroid[0])}.`,
      ]),
    )
  }
  const count = 2 + (Number.parseInt(shape.fips, 10) % 2)
  return [opening, ...shuffled(id, extras).slice(0, count)]
}
