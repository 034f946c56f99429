import type { Rarity } from '@shared/constants'

/** The look of each rarity (docs/design.md#rarity): colour, mark and finish, so rarities differ by more than colour. */
export type Finish = 'plain' | 'silver' | 'foil' | 'holo' | 'gold'
export type Mark = 'dot' | 'diamond' | 'star'

export interface RarityStyle {
  name: string
  mark: Mark
  marks: number
  finish: Finish
  /** The rarity colour: the place on the map, the band, the type line. */
  accent: string
  frame: string[]
  body: string
  ink: string
  subInk: string
  ocean: [string, string]
  graticule: string
  land: string
  landStroke: string
  context: string
  contextStroke: string
  place: string
  placeStroke: string
  bandInk: string
}

export const RARITY_STYLES: Record<Rarity, RarityStyle> = {
  1: {
    name: 'Common',
    mark: 'dot',
    marks: 1,
    finish: 'plain',
    accent: '#52606D',
    frame: ['#6B7785', '#4A5563'],
    body: '#FAF7F2',
    ink: '#1F2933',
    subInk: '#616E7C',
    ocean: ['#E3ECF0', '#D2E0E7'],
    graticule: '#BFD0D9',
    land: '#EFE8DA',
    landStroke: '#D3C7AF',
    context: '#D5DCE3',
    contextStroke: '#8795A3',
    place: '#52606D',
    placeStroke: '#FFFFFF',
    bandInk: '#FFFFFF',
  },
  2: {
    name: 'Special',
    mark: 'diamond',
    marks: 1,
    finish: 'silver',
    accent: '#2F855A',
    frame: ['#38A169', '#22543D'],
    body: '#F6FAF7',
    ink: '#173B2A',
    subInk: '#4A6B5B',
    ocean: ['#E0F0EC', '#CBE4DD'],
    graticule: '#B5D6CC',
    land: '#F1EEDF',
    landStroke: '#CFC8AE',
    context: '#CFE5D6',
    contextStroke: '#6FAE8B',
    place: '#2F855A',
    placeStroke: '#FFFFFF',
    bandInk: '#FFFFFF',
  },
  3: {
    name: 'Rare',
    mark: 'star',
    marks: 1,
    finish: 'foil',
    accent: '#2563EB',
    frame: ['#3B82F6', '#1E3A8A'],
    body: '#F2F6FF',
    ink: '#14213D',
    subInk: '#475A80',
    ocean: ['#DCE8FF', '#BCD2FA'],
    graticule: '#A9C1EE',
    land: '#F3F0E6',
    landStroke: '#C9C3B1',
    context: '#C9DAFC',
    contextStroke: '#6C95EE',
    place: '#2563EB',
    placeStroke: '#FFFFFF',
    bandInk: '#FFFFFF',
  },
  4: {
    name: 'Epic',
    mark: 'star',
    marks: 2,
    finish: 'holo',
    accent: '#7C3AED',
    frame: ['#8B5CF6', '#5B21B6', '#DB2777'],
    body: '#F7F2FF',
    ink: '#2A1255',
    subInk: '#6B4F99',
    ocean: ['#EDE4FF', '#D9E8FF'],
    graticule: '#CDBEF2',
    land: '#F6EFF8',
    landStroke: '#D6C4DE',
    context: '#E2D3FB',
    contextStroke: '#A982EF',
    place: '#7C3AED',
    placeStroke: '#FFFFFF',
    bandInk: '#FFFFFF',
  },
  5: {
    name: 'Legendary',
    mark: 'star',
    marks: 3,
    finish: 'gold',
    accent: '#D4A017',
    frame: ['#7A5A12', '#F7E7A1', '#C9962B', '#FFF4C2', '#A67C1A'],
    body: '#15120D',
    ink: '#F7E3A3',
    subInk: '#CDB77A',
    ocean: ['#13233A', '#0A1424'],
    graticule: '#3A4A5E',
    land: '#2B261C',
    landStroke: '#5E4E2A',
    context: '#4A3C1C',
    contextStroke: '#B8902E',
    place: 'url(#gold)',
    placeStroke: '#FFF4C2',
    bandInk: '#2A1E05',
  },
}

/** The style of a card's rarity; a rarity outside 1–5 is drawn as Common. */
export function rarityStyle(rarity: number): RarityStyle {
  const byNumber: Partial<Record<number, RarityStyle>> = RARITY_STYLES
  return byNumber[rarity] ?? RARITY_STYLES[1]
}
