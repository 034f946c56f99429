import AddIcon from '@mui/icons-material/Add'
import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong'
import RemoveIcon from '@mui/icons-material/Remove'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import type { PopperProps } from '@mui/material/Popper'
import Stack from '@mui/material/Stack'
import { alpha, styled } from '@mui/material/styles'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { select } from 'd3-selection'
import { zoom, zoomIdentity, zoomTransform, type ZoomBehavior } from 'd3-zoom'
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { useNavigate } from 'react-router-dom'

import { PLACE_STATUS_LABELS, type MapPlace, type MapPlaces, type PlaceStatus } from '@shared/travel'

import { paths } from '../../../lib/paths'

import { firstView, insideBox, nearestWithin, toScreen, type ScreenPoint, type ViewBox } from './mapGeometry'
import { HatchPattern, MARKER_SHAPES, usePlaceFills } from './mapMarks'
import { PlacePopover } from './PlacePopover'

/** What the popover's positioning engine exposes through `popperRef`. */
type PopperInstance = PopperProps['popperRef'] extends React.Ref<infer T> | undefined ? T : never

/** A place with the traveller's status and the card the map opens for it. */
export interface PlaceOnMap extends MapPlace {
  status: PlaceStatus
  wantToGo: boolean
  openCardId: string
}

export interface TravelMapProps {
  map: MapPlaces
  places: PlaceOnMap[]
  /** A journey's places in the order travelled (cardSetIds): drawn as a line through them, and the map opens on it. */
  route?: readonly string[]
  /** What a screen reader hears the map is. */
  label?: string
}

const MAX_ZOOM = 12
const ZOOM_STEP = 1.6
/** A keyboard arrow moves the map by this share of its visible width. */
const PAN_SHARE = 0.1
/** Markers keep their size on screen whatever the zoom: their drawing is scaled by the inverse of it. */
const MARKER_SCALE = '--marker-scale'
/** Half a fingertip: the nearest marker this close to a tap is the place meant. */
export const FINGER_REACH = 22
/** A cursor points precisely: only a marker about under it. */
export const CURSOR_REACH = 8
/** On a phone the map takes most of the screen's height, so the world's full height is readable and pannable. */
const PHONE_MAP_HEIGHT = 'min(58vh, 420px)'

function placeTitle(place: PlaceOnMap): string {
  return `${place.name}: ${PLACE_STATUS_LABELS[place.status]}${place.wantToGo ? ', want to go' : ''}`
}

/**
 * The world with every place shaded by the traveller's status (docs/product.md#screen-my-map). Zoom and pan with the
 * mouse wheel and drag, pinch and drag on touch, or arrows and + / − / 0 on the keyboard and the buttons; a click or
 * tap opens the place's card.
 */
export function TravelMap({
  map,
  places,
  route,
  label = 'Map of your places. Arrow keys move it, plus and minus zoom, 0 goes back to the first view. The list below names every place on it.',
}: TravelMapProps) {
  const svgRef = useRef<SVGSVGElement>(null)
  const layerRef = useRef<SVGGElement>(null)
  const behaviour = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null)
  const popper = useRef<PopperInstance>(null)
  const lastPointerType = useRef('')
  const navigate = useNavigate()
  const fills = usePlaceFills()
  const [view, setView] = useState<ViewBox>({ x: 0, y: 0, width: map.width, height: map.height })
  const viewRef = useRef(view)
  // The place a tap chose, with the point its name is shown at.
  const [chosen, setChosen] = useState<{ place: PlaceOnMap; anchor: PopperProps['anchorEl'] } | null>(null)

  useEffect(() => {
    const svg = svgRef.current
    const layer = layerRef.current
    if (!svg || !layer) return
    const zoomer = zoom<SVGSVGElement, unknown>()
      .extent(() => {
        const { x, y, width, height } = viewRef.current
        return [
          [x, y],
          [x + width, y + height],
        ]
      })
      .translateExtent([
        [0, 0],
        [map.width, map.height],
      ])
      // A drag that moved the map is not a click on the place under it.
      .clickDistance(4)
      .on('zoom', (event: { transform: { k: number; toString(): string } }) => {
        layer.setAttribute('transform', event.transform.toString())
        layer.style.setProperty(MARKER_SCALE, String(markerScale(svg, viewRef.current.width) / event.transform.k))
        // The chosen place's name follows its marker.
        void popper.current?.update()
      })
    behaviour.current = zoomer
    const selection = select(svg)
    selection.call(zoomer)
    const resize = new ResizeObserver(() => {
      const { width, height } = svg.getBoundingClientRect()
      setView((current) => sameView(current, firstView(map.width, map.height, width, height)))
    })
    resize.observe(svg)
    return () => {
      resize.disconnect()
      selection.on('.zoom', null)
    }
  }, [map.width, map.height])

  const byId = useMemo(() => new Map(places.map((place) => [place.cardSetId, place])), [places])
  const stops = useMemo(() => (route ?? []).flatMap((cardSetId) => byId.get(cardSetId) ?? []), [route, byId])
  const home = useMemo(() => routeFrame(stops, view, map), [stops, view, map])

  // A new box (a phone turned, a window resized): the view, the zoom-out limit and the marker size follow, and a
  // journey's map opens on its places again.
  useEffect(() => {
    const svg = svgRef.current
    viewRef.current = view
    if (!svg || !behaviour.current) return
    behaviour.current.scaleExtent([Math.min(1, view.width / map.width), MAX_ZOOM])
    if (home) behaviour.current.transform(select(svg), home)
    else behaviour.current.scaleBy(select(svg), 1)
  }, [view, map.width, home])

  const outlined = places.filter((place) => place.outline)
  // Drawn last, so they stay on top: cities, places without an outline, tiny outlines, verified seals, the bucket list.
  const marked = places.filter(
    (place) => !place.outline || place.small || place.status === 'verified' || place.wantToGo,
  )

  function onScreen(place: PlaceOnMap): ScreenPoint {
    const svg = svgRef.current
    if (!svg) return { x: 0, y: 0 }
    return toScreen(place, zoomTransform(svg), viewRef.current, svg.getBoundingClientRect())
  }

  /** The nearest marker within reach of the pointer, else the outline under it, else nothing. */
  function placeAt(pointer: ScreenPoint, target: EventTarget | null, reach: number): PlaceOnMap | null {
    const svg = svgRef.current
    if (!svg) return null
    const box = svg.getBoundingClientRect()
    if (insideBox(pointer, box)) {
      const transform = zoomTransform(svg)
      const candidates = marked
        .map((place) => ({ item: place, at: toScreen(place, transform, viewRef.current, box) }))
        .filter(({ at }) => insideBox(at, box))
      const near = nearestWithin(pointer, candidates, reach)
      if (near) return near
    }
    const outline = target instanceof Element ? target.closest('[data-place-id]') : null
    return byId.get(outline?.getAttribute('data-place-id') ?? '') ?? null
  }

  function handleClick(event: MouseEvent<SVGSVGElement>) {
    // Chrome reports a tap's click as a pointer event; elsewhere the pointer that went down tells.
    const pointerType = (event.nativeEvent as Partial<PointerEvent>).pointerType || lastPointerType.current
    const touch = pointerType === 'touch' || pointerType === 'pen'
    const place = placeAt({ x: event.clientX, y: event.clientY }, event.target, touch ? FINGER_REACH : CURSOR_REACH)
    if (!touch) {
      if (place) void navigate(paths.card.href(place.openCardId))
      return
    }
    setChosen(
      place && {
        place,
        // Read at each positioning, so the name follows its place as the map pans and zooms.
        anchor: {
          getBoundingClientRect: () => pointRect(onScreen(place)),
          contextElement: svgRef.current ?? undefined,
        },
      },
    )
  }

  function zoomBy(factor: number) {
    const svg = svgRef.current
    if (svg && behaviour.current) behaviour.current.scaleBy(select(svg), factor)
  }

  function reset() {
    const svg = svgRef.current
    if (svg && behaviour.current) behaviour.current.transform(select(svg), home ?? zoomIdentity)
  }

  function panBy(dx: number, dy: number) {
    const svg = svgRef.current
    if (!svg || !behaviour.current) return
    const step = (map.width * PAN_SHARE) / zoomTransform(svg).k
    behaviour.current.translateBy(select(svg), dx * step, dy * step)
  }

  function handleKeyDown(event: KeyboardEvent<SVGSVGElement>) {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => panBy(1, 0),
      ArrowRight: () => panBy(-1, 0),
      ArrowUp: () => panBy(0, 1),
      ArrowDown: () => panBy(0, -1),
      '+': () => zoomBy(ZOOM_STEP),
      '=': () => zoomBy(ZOOM_STEP),
      '-': () => zoomBy(1 / ZOOM_STEP),
      '0': reset,
    }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    move()
  }

  return (
    <Box sx={{ position: 'relative' }}>
      <MapSvg
        ref={svgRef}
        viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
        role="application"
        aria-roledescription="map"
        aria-label={label}
        tabIndex={0}
        onKeyDown={handleKeyDown}
        onPointerDown={(event) => (lastPointerType.current = event.pointerType)}
        onClick={handleClick}
        style={{ background: fills.sea, aspectRatio: `${map.width} / ${map.height}` }}
      >
        <defs>
          <HatchPattern id="travel-hatch" colour={fills.hatch} background={fills.land} />
        </defs>
        <g ref={layerRef}>
          <path d={map.land} fill={fills.land} stroke={fills.edge} strokeWidth={1} vectorEffect="non-scaling-stroke" />
          {outlined.map((place) => (
            <path
              key={place.cardSetId}
              d={place.outline ?? ''}
              fill={fills[place.status]}
              stroke={fills.edge}
              strokeWidth={0.75}
              vectorEffect="non-scaling-stroke"
              className="place"
              data-status={place.status}
              data-place-id={place.cardSetId}
            >
              <title>{placeTitle(place)}</title>
            </path>
          ))}
          {stops.length > 1 && (
            <polyline
              points={stops.map((stop) => `${stop.x},${stop.y}`).join(' ')}
              fill="none"
              stroke={fills.verified}
              strokeWidth={2.5}
              strokeLinejoin="round"
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
              pointerEvents="none"
              data-route
            />
          )}
          {marked.map((place) => {
            const shape = place.wantToGo && place.status === 'none' ? 'wantToGo' : place.status
            return (
              <g key={`marker-${place.cardSetId}`} transform={`translate(${place.x} ${place.y})`}>
                <path
                  d={MARKER_SHAPES[shape]}
                  className="marker place"
                  data-status={place.status}
                  fill={shape === 'none' ? alpha(fills.beenThere, 0.55) : fills[shape]}
                  fillRule="evenodd"
                  stroke={fills.edge}
                  strokeWidth={1}
                  vectorEffect="non-scaling-stroke"
                  data-place-id={place.cardSetId}
                >
                  <title>{placeTitle(place)}</title>
                </path>
              </g>
            )
          })}
          {chosen && (
            <g transform={`translate(${chosen.place.x} ${chosen.place.y})`} pointerEvents="none">
              <circle r={12} className="marker" fill="none" stroke={fills.verified} strokeWidth={3} />
            </g>
          )}
        </g>
      </MapSvg>
      <PlacePopover
        place={chosen?.place ?? null}
        anchor={chosen?.anchor ?? null}
        popperRef={popper}
        onClose={() => setChosen(null)}
        isOnMap={(target) => target instanceof Node && (svgRef.current?.contains(target) ?? false)}
      />
      <Stack
        direction="column"
        spacing={0.5}
        sx={{ position: 'absolute', right: 8, top: 8, bgcolor: 'background.paper', borderRadius: 2, boxShadow: 1 }}
      >
        <Tooltip title="Zoom in" placement="left">
          <IconButton aria-label="Zoom in" size="small" onClick={() => zoomBy(ZOOM_STEP)}>
            <AddIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Zoom out" placement="left">
          <IconButton aria-label="Zoom out" size="small" onClick={() => zoomBy(1 / ZOOM_STEP)}>
            <RemoveIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Back to the first view" placement="left">
          <IconButton aria-label="Back to the first view" size="small" onClick={reset}>
            <CenterFocusStrongIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        Drag or use the arrow keys to move, scroll, pinch or press + and − to zoom. Click a place to open its card; on a
        touch screen a tap shows the place&rsquo;s name first, with Open card.
      </Typography>
    </Box>
  )
}

/** The smallest stretch of map a journey is framed on, as a share of the map's width: a city trip still shows its region. */
const ROUTE_MIN_SPAN = 0.06

/** The pan and zoom that fit a journey's places in the view with room around them; none without places. */
function routeFrame(stops: readonly ScreenPoint[], view: ViewBox, map: { width: number; height: number }) {
  if (stops.length === 0) return null
  const xs = stops.map((stop) => stop.x)
  const ys = stops.map((stop) => stop.y)
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
  const span = map.width * ROUTE_MIN_SPAN
  const width = Math.max(right - left, span) * 1.5
  const height = Math.max(bottom - top, span) * 1.5
  const k = Math.min(MAX_ZOOM, Math.max(1, Math.min(view.width / width, view.height / height)))
  const centreX = view.x + view.width / 2
  const centreY = view.y + view.height / 2
  return zoomIdentity.translate(centreX - k * ((left + right) / 2), centreY - k * ((top + bottom) / 2)).scale(k)
}

/** Map units per screen pixel at zoom 1, so a marker is drawn the same number of pixels wide on every screen. */
function markerScale(svg: SVGSVGElement, viewWidth: number): number {
  const width = svg.getBoundingClientRect().width
  return width > 0 ? viewWidth / width : 1
}

/** The same view keeps its object, so a resize that changes nothing re-renders nothing. */
function sameView(current: ViewBox, next: ViewBox): ViewBox {
  const same = (['x', 'y', 'width', 'height'] as const).every((key) => Math.abs(current[key] - next[key]) < 0.5)
  return same ? current : next
}

function pointRect({ x, y }: ScreenPoint): DOMRect {
  return { x, y, left: x, top: y, right: x, bottom: y, width: 0, height: 0, toJSON: () => ({ x, y }) }
}

const MapSvg = styled('svg')(({ theme }) => ({
  display: 'block',
  width: '100%',
  height: 'auto',
  [theme.breakpoints.down('sm')]: { height: PHONE_MAP_HEIGHT },
  borderRadius: theme.shape.borderRadius,
  cursor: 'grab',
  touchAction: 'none',
  '&:active': { cursor: 'grabbing' },
  '&:focus-visible': { outline: `3px solid ${theme.palette.secondary.main}`, outlineOffset: 2 },
  '& .place': { cursor: 'pointer' },
  '& .place:hover': { opacity: 0.8 },
  '& .marker': { transform: `scale(var(${MARKER_SCALE}, 1))` },
}))
