import { fireEvent, screen, within } from '@testing-library/react'
import { Route, Routes, useParams } from 'react-router-dom'

import type { MapPlaces } from '@shared/travel'
import { TravelMap, type PlaceOnMap } from '@client/features/travel/components/TravelMap'
import { renderWithProviders } from '@test/helpers/render'

/** The world as the server draws it: 4000 × 1760 map units. */
const WORLD: MapPlaces = { width: 4000, height: 1760, land: 'M0 0h10v10h-10z', places: [] }

function place(overrides: Partial<PlaceOnMap> & Pick<PlaceOnMap, 'cardSetId' | 'name' | 'x' | 'y'>): PlaceOnMap {
  return {
    cardId: `${overrides.cardSetId}-1`,
    kind: 'city',
    countryCode: 'IT',
    collectionId: 'europe',
    outline: null,
    small: false,
    status: 'none',
    wantToGo: false,
    openCardId: `${overrides.cardSetId}-1`,
    ...overrides,
  }
}

// Italy's seal and Vatican City's dot, 10 map units apart; Oyo far away in Nigeria.
const PLACES: PlaceOnMap[] = [
  place({
    cardSetId: 'country-it',
    name: 'Italy',
    kind: 'country',
    outline: 'M2150 450h100v100h-100z',
    status: 'verified',
    openCardId: 'country-it-3',
    x: 2200,
    y: 500,
  }),
  place({ cardSetId: 'va-vatican', name: 'Vatican City', x: 2190, y: 500 }),
  place({ cardSetId: 'ng-oyo', name: 'Oyo', countryCode: 'NG', x: 2100, y: 900 }),
  place({
    cardSetId: 'country-fr',
    name: 'France',
    kind: 'country',
    outline: 'M1900 300h150v150h-150z',
    status: 'collected',
    x: 1975,
    y: 375,
  }),
]

/** The map's box on a 390 px phone: 350 px wide, and taller than the world's shape. */
const PHONE_BOX = { left: 20, top: 100, width: 350, height: 420 }
/** At zoom 1 a phone shows the map's full height: this many pixels per map unit, from x = 1266.67. */
const PHONE_SCALE = PHONE_BOX.height / WORLD.height
const PHONE_VIEW_X = (WORLD.width - WORLD.height * (PHONE_BOX.width / PHONE_BOX.height)) / 2

function onPhone(x: number, y: number): { clientX: number; clientY: number } {
  return { clientX: PHONE_BOX.left + (x - PHONE_VIEW_X) * PHONE_SCALE, clientY: PHONE_BOX.top + y * PHONE_SCALE }
}

class FakePointerEvent extends MouseEvent {
  readonly pointerType: string
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init)
    this.pointerType = init.pointerType ?? ''
  }
}

function CardProbe() {
  return <p>Card {useParams().cardId}</p>
}

function renderMap(box = PHONE_BOX) {
  jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const rect = this.getAttribute('role') === 'application' ? box : { left: 0, top: 0, width: 0, height: 0 }
    return {
      ...rect,
      x: rect.left,
      y: rect.top,
      right: rect.left + rect.width,
      bottom: rect.top + rect.height,
      toJSON: () => rect,
    }
  })
  const view = renderWithProviders(
    <Routes>
      <Route path="/myMap" element={<TravelMap map={WORLD} places={PLACES} />} />
      <Route path="/card/:cardId" element={<CardProbe />} />
    </Routes>,
    { route: '/myMap' },
  )
  return { ...view, map: screen.getByRole('application', { name: /Map of your places/ }) }
}

function tap(map: Element, at: { clientX: number; clientY: number }) {
  fireEvent.pointerDown(map, { pointerType: 'touch', ...at })
  fireEvent.click(map, at)
}

beforeAll(() => {
  Object.assign(window, {
    PointerEvent: FakePointerEvent,
    // The map measures its box once it is laid out; here at once.
    ResizeObserver: class {
      constructor(private readonly callback: () => void) {}
      observe() {
        this.callback()
      }
      disconnect() {
        return undefined
      }
    },
  })
})

afterEach(() => jest.restoreAllMocks())

describe('TravelMap on a phone', () => {
  it('shows the full height of the world in a box taller than it, centred, rather than a 155 px strip', () => {
    const { map } = renderMap()
    const [x, y, width, height] = (map.getAttribute('viewBox') ?? '').split(' ').map(Number)
    expect(height).toBe(WORLD.height)
    expect(width).toBeCloseTo(WORLD.height * (350 / 420), 3)
    expect(x).toBeCloseTo(PHONE_VIEW_X, 3)
    expect(y).toBe(0)
  })

  it('a tap names the nearest place within a finger’s reach and offers its card, instead of opening what lies under the finger', async () => {
    const { map, user } = renderMap()
    // 4 px from Vatican City's dot, 6 px from Italy's seal, on Italy's outline.
    const vatican = onPhone(2190, 500)
    tap(map, { clientX: vatican.clientX - 4, clientY: vatican.clientY })

    const popover = await screen.findByRole('dialog', { name: 'Vatican City' })
    expect(within(popover).getByText('Not collected')).toBeInTheDocument()
    expect(screen.queryByText(/^Card /)).not.toBeInTheDocument()

    // A tap by Italy's seal on the far side names Italy.
    const italy = onPhone(2200, 500)
    tap(map, { clientX: italy.clientX + 5, clientY: italy.clientY + 3 })
    const italyPopover = await screen.findByRole('dialog', { name: 'Italy' })
    expect(within(italyPopover).getByText('Verified visit')).toBeInTheDocument()

    await user.click(within(italyPopover).getByRole('link', { name: 'Open card' }))
    expect(await screen.findByText('Card country-it-3')).toBeInTheDocument()
  })

  it('a tap with no marker within 22 px names the outline under the finger, and one on open sea names nothing', async () => {
    const { map } = renderMap()
    // The tap lands on France's outline, the only place drawn there.
    tap(map.querySelector('[data-place-id="country-fr"]') as HTMLElement, onPhone(1975, 375))
    expect(await screen.findByRole('dialog', { name: 'France' })).toBeInTheDocument()

    const oyo = onPhone(2100, 900)
    tap(map, { clientX: oyo.clientX + 23, clientY: oyo.clientY })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    tap(map, { clientX: oyo.clientX + 20, clientY: oyo.clientY })
    expect(await screen.findByRole('dialog', { name: 'Oyo' })).toBeInTheDocument()
  })
})

describe('TravelMap with a mouse', () => {
  it('opens the card of the marker under the cursor at once, and shows the whole world in a box of its shape', async () => {
    const desktopBox = { left: 0, top: 0, width: 1000, height: 440 }
    const { map } = renderMap(desktopBox)
    expect(map).toHaveAttribute('viewBox', '0 0 4000 1760')
    const scale = desktopBox.width / WORLD.width
    // Vatican City's dot is 2.5 px from Italy's seal at this scale; the cursor is on the seal.
    fireEvent.click(map, { clientX: 2200 * scale + 1, clientY: 500 * scale })
    expect(await screen.findByText('Card country-it-3')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
