import fs from 'node:fs'

import { buildMapScene, type MapScene, type MapSubject } from './mapScene'
import { rarityStyle, type Mark, type RarityStyle } from './rarityStyles'
import { fitLines, fittedSize, textPath } from './textPaths'

/** Everything printed on a card. */
export interface CardArtData {
  cardSetId: string
  name: string
  rarity: number
  kind: string
  /** "Southern Europe", "Portugal", "United States". */
  typeLine: string
  facts: [label: string, value: string][]
  flagCode: string | null
  /** "EUR 041/053": the collection and the place's number in it, printed like a set number. */
  serial: string
  subject: MapSubject
}

export const CARD_WIDTH = 500
export const CARD_HEIGHT = 700
const WINDOW = { x: 36, y: 112, width: 428, height: 366 }

const sceneCache = new Map<string, MapScene>()

function sceneOf(data: CardArtData): MapScene {
  let scene = sceneCache.get(data.cardSetId)
  if (!scene) {
    scene = buildMapScene(data.subject, WINDOW.width, WINDOW.height)
    // The scene is the same for the five rarities of a place; keep the recent ones.
    const oldest = sceneCache.keys().next()
    if (sceneCache.size > 64 && !oldest.done) sceneCache.delete(oldest.value)
    sceneCache.set(data.cardSetId, scene)
  }
  return scene
}

const flagCache = new Map<string, string | null>()

export function flagDataUri(code: string): string | null {
  if (!flagCache.has(code)) {
    let uri: string | null
    try {
      const file = require.resolve(`flag-icons/flags/4x3/${code}.svg`, { paths: [process.cwd(), __dirname] })
      uri = `data:image/svg+xml;base64,${fs.readFileSync(file).toString('base64')}`
    } catch {
      uri = null
    }
    flagCache.set(code, uri)
  }
  return flagCache.get(code) ?? null
}

export function starPath(cx: number, cy: number, outer: number, inner = outer * 0.45, points = 5): string {
  const parts: string[] = []
  for (let i = 0; i < points * 2; i += 1) {
    const radius = i % 2 === 0 ? outer : inner
    const angle = (Math.PI / points) * i - Math.PI / 2
    parts.push(`${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`)
  }
  return `M${parts.join('L')}Z`
}

function markPath(mark: Mark, cx: number, cy: number, size: number): string {
  if (mark === 'dot') {
    const r = size * 0.62
    return `M${cx - r},${cy}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`
  }
  if (mark === 'diamond')
    return `M${cx},${cy - size}L${cx + size * 0.72},${cy}L${cx},${cy + size}L${cx - size * 0.72},${cy}Z`
  return starPath(cx, cy, size, size * 0.42)
}

/** The rarity marks (● ◆ ★ ★★ ★★★) drawn as shapes, laid out from `x`; returns the path and the width used. */
export function rarityMarks(style: RarityStyle, x: number, cy: number, size: number): { d: string; width: number } {
  const step = size * 2.1
  let d = ''
  for (let i = 0; i < style.marks; i += 1) d += markPath(style.mark, x + size + i * step, cy, size)
  return { d, width: style.marks * step - (step - 2 * size) }
}

function gradientStops(colors: string[]): string {
  return colors
    .map((color, i) => `<stop offset="${(i / Math.max(1, colors.length - 1)).toFixed(3)}" stop-color="${color}"/>`)
    .join('')
}

function defs(style: RarityStyle): string {
  const gold = ['#8A6414', '#E9C765', '#FFF2B8', '#D4A838', '#9C7419', '#F5DB85']
  return `<defs>
  <linearGradient id="frame" x1="0" y1="0" x2="1" y2="1">${gradientStops(style.frame)}</linearGradient>
  <linearGradient id="gold" x1="0" y1="0" x2="1" y2="1">${gradientStops(gold)}</linearGradient>
  <linearGradient id="goldText" x1="0" y1="0" x2="0" y2="1">${gradientStops(['#FFF6CF', '#F2D27A', '#C89B2E'])}</linearGradient>
  <linearGradient id="silver" x1="0" y1="0" x2="1" y2="1">${gradientStops(['#FFFFFF', '#9AA4AE', '#EEF1F4', '#7D8893', '#F7F9FB', '#A9B2BB'])}</linearGradient>
  <linearGradient id="ocean" x1="0" y1="0" x2="0" y2="1">${gradientStops(style.ocean)}</linearGradient>
  <linearGradient id="foil" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#FFFFFF" stop-opacity="0"/><stop offset="0.30" stop-color="#FFFFFF" stop-opacity="0"/>
    <stop offset="0.40" stop-color="#FFFFFF" stop-opacity="0.55"/><stop offset="0.44" stop-color="#FFFFFF" stop-opacity="0.08"/>
    <stop offset="0.50" stop-color="#FFFFFF" stop-opacity="0.38"/><stop offset="0.60" stop-color="#FFFFFF" stop-opacity="0"/>
    <stop offset="0.78" stop-color="#FFFFFF" stop-opacity="0"/><stop offset="0.84" stop-color="#FFFFFF" stop-opacity="0.3"/>
    <stop offset="0.90" stop-color="#FFFFFF" stop-opacity="0"/>
  </linearGradient>
  <linearGradient id="holo" x1="0" y1="0" x2="1" y2="0.7">${gradientStops(['#FF7AD9', '#7AF5FF', '#FFF27A', '#A77AFF', '#7AFFB6', '#FF9A7A', '#7AB8FF'])}</linearGradient>
  <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="#FFE9A8" stop-opacity="0.55"/><stop offset="1" stop-color="#FFE9A8" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75">
    <stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="${style.finish === 'gold' ? 0.45 : 0.12}"/>
  </radialGradient>
  <clipPath id="window"><rect x="${WINDOW.x}" y="${WINDOW.y}" width="${WINDOW.width}" height="${WINDOW.height}" rx="10"/></clipPath>
  <clipPath id="card"><rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" rx="26"/></clipPath>
  <clipPath id="flag"><rect width="66" height="49.5" rx="6"/></clipPath>
</defs>`
}

function sunburst(cx: number, cy: number, rays: number, length: number): string {
  let d = ''
  for (let i = 0; i < rays; i += 1) {
    const a0 = (Math.PI * 2 * i) / rays
    const a1 = a0 + Math.PI / rays / 1.6
    d += `M${cx},${cy}L${(cx + length * Math.cos(a0)).toFixed(1)},${(cy + length * Math.sin(a0)).toFixed(1)}L${(cx + length * Math.cos(a1)).toFixed(1)},${(cy + length * Math.sin(a1)).toFixed(1)}Z`
  }
  return d
}

function mapWindow(style: RarityStyle, scene: MapScene): string {
  const { x, y, width, height } = WINDOW
  const gold = style.finish === 'gold'
  const marker = scene.marker
    ? `<g transform="translate(${x + scene.marker.x},${y + scene.marker.y})">
        <circle r="26" fill="${gold ? '#FFE08A' : style.accent}" fill-opacity="0.16"/>
        <circle r="16" fill="none" stroke="${gold ? '#FFE08A' : style.accent}" stroke-width="2.5" stroke-opacity="0.7"/>
        <circle r="7.5" fill="${gold ? 'url(#gold)' : style.accent}" stroke="#FFFFFF" stroke-width="3"/>
      </g>`
    : ''
  return `<g clip-path="url(#window)">
  <rect x="${x}" y="${y}" width="${width}" height="${height}" fill="url(#ocean)"/>
  ${gold ? `<path d="${sunburst(x + width / 2, y + height / 2, 28, 420)}" fill="#E9C765" fill-opacity="0.07"/>` : ''}
  <g transform="translate(${x},${y})">
    <path d="${scene.graticule}" fill="none" stroke="${style.graticule}" stroke-width="0.8" stroke-opacity="0.8"/>
    <path d="${scene.land}" fill="${style.land}" stroke="${style.landStroke}" stroke-width="0.8" stroke-linejoin="round"/>
    <path d="${scene.context}" fill="${style.context}" stroke="${style.contextStroke}" stroke-width="1" stroke-linejoin="round"/>
    <path d="${scene.contextBorders}" fill="none" stroke="${style.landStroke}" stroke-width="1"/>
    <path d="${scene.place}" fill="none" stroke="${style.place}" stroke-width="4" stroke-linejoin="round"/>
    <path d="${scene.place}" fill="${style.place}" stroke="${style.placeStroke}" stroke-width="1.4" stroke-linejoin="round"/>
  </g>
  ${marker}
  <rect x="${x}" y="${y}" width="${width}" height="${height}" fill="url(#vignette)"/>
</g>
<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="10" fill="none" stroke="${gold ? 'url(#gold)' : style.accent}" stroke-width="${gold ? 3 : 2}" stroke-opacity="${gold ? 1 : 0.55}"/>`
}

/** Fine diagonal lines of the holographic finish, as one path: an SVG pattern renders several times slower. */
const HOLO_LINES = Array.from({ length: 140 }, (_, i) => {
  const x = -CARD_HEIGHT + i * 9
  return `M${x},${CARD_HEIGHT}L${x + 4},${CARD_HEIGHT}L${x + 4 + CARD_HEIGHT * 0.7},0L${x + CARD_HEIGHT * 0.7},0Z`
}).join('')

function finishOverlay(style: RarityStyle): string {
  if (style.finish === 'foil') {
    return `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#foil)" clip-path="url(#card)"/>`
  }
  if (style.finish === 'holo') {
    return `<g clip-path="url(#card)">
      <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#holo)" fill-opacity="0.3"/>
      <path d="${HOLO_LINES}" fill="#FFFFFF" fill-opacity="0.2"/>
      <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#foil)" fill-opacity="0.7"/>
    </g>`
  }
  return ''
}

function frame(style: RarityStyle): string {
  const outer = `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" rx="26" fill="url(#frame)"/>`
  if (style.finish === 'silver') {
    return `${outer}<rect x="5" y="5" width="${CARD_WIDTH - 10}" height="${CARD_HEIGHT - 10}" rx="22" fill="none" stroke="url(#silver)" stroke-width="9"/>`
  }
  if (style.finish === 'holo') {
    return `${outer}<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" rx="26" fill="url(#holo)" fill-opacity="0.45"/>`
  }
  if (style.finish === 'gold') {
    const corners = (
      [
        [20, 20],
        [480, 20],
        [20, 680],
        [480, 680],
      ] as const
    )
      .map(([cx, cy]) => `<path d="${starPath(cx, cy, 15, 4, 4)}" fill="#FFF6D0"/>`)
      .join('')
    return `${outer}
      <rect x="7" y="7" width="${CARD_WIDTH - 14}" height="${CARD_HEIGHT - 14}" rx="21" fill="none" stroke="#5A3F08" stroke-width="2" stroke-opacity="0.7"/>
      <rect x="13" y="13" width="${CARD_WIDTH - 26}" height="${CARD_HEIGHT - 26}" rx="18" fill="none" stroke="#FFF4C2" stroke-width="1.5" stroke-opacity="0.9"/>
      ${corners}`
  }
  return outer
}

function body(style: RarityStyle): string {
  if (style.finish === 'gold') {
    return `<rect x="20" y="20" width="460" height="660" rx="16" fill="${style.body}"/>
      <rect x="20" y="20" width="460" height="660" rx="16" fill="url(#glow)" fill-opacity="0.5"/>
      <rect x="26" y="26" width="448" height="648" rx="12" fill="none" stroke="url(#gold)" stroke-width="1.5"/>`
  }
  return `<rect x="20" y="20" width="460" height="660" rx="16" fill="${style.body}"/>`
}

function nameBlock(style: RarityStyle, name: string, hasFlag: boolean): string {
  const maxWidth = hasFlag ? 334 : 420
  const { lines, size } = fitLines(name, { face: 'display', size: 44 }, maxWidth, 30)
  const fill = style.finish === 'gold' ? 'url(#goldText)' : style.ink
  const [first = '', second] = lines
  if (second === undefined) {
    return `<path d="${textPath(first, 42, 82, { face: 'display', size })}" fill="${fill}"/>`
  }
  return `<path d="${textPath(first, 42, 62, { face: 'display', size })}${textPath(second, 42, 62 + size * 1.02, { face: 'display', size })}" fill="${fill}"/>`
}

function flag(style: RarityStyle, code: string | null): string {
  const uri = code ? flagDataUri(code) : null
  if (!uri) return ''
  const border = style.finish === 'gold' ? 'url(#gold)' : '#FFFFFF'
  return `<g transform="translate(392,40)">
    <rect x="-3" y="-1" width="72" height="55.5" rx="8" fill="#000000" fill-opacity="0.14"/>
    <rect x="-3" y="-3" width="72" height="55.5" rx="8" fill="${border}"/>
    <g clip-path="url(#flag)"><image width="66" height="49.5" preserveAspectRatio="none" href="${uri}"/></g>
  </g>`
}

const FACT_LABEL = { face: 'textBold', size: 12, tracking: 0.1 } as const
/** A fact's label ends this far right of its start, where the value begins (at 150, less a gap). */
export const FACT_LABEL_WIDTH = 100

/**
 * A fact's label on one line, or on two smaller ones when it is long ("Autonomous Region", "Union Territory"), so it
 * never runs into its value. Offsets are from the value's baseline.
 */
export function factLabelLines(label: string): { text: string; size: number; offset: number }[] {
  const { lines, size } = fitLines(label.toUpperCase(), FACT_LABEL, FACT_LABEL_WIDTH, FACT_LABEL.size)
  const fitted = lines.length === 1 ? fittedSize(lines[0] ?? '', { ...FACT_LABEL, size }, FACT_LABEL_WIDTH, 7) : size
  const leading = fitted * 1.15
  return lines.map((text, row) => ({ text, size: fitted, offset: (row - (lines.length - 1) / 2) * leading }))
}

function infoBlock(style: RarityStyle, data: CardArtData): string {
  const kindLabel = data.kind.toUpperCase()
  const typeText = `${kindLabel}  ·  ${data.typeLine.toUpperCase()}`
  const typeSize = fittedSize(typeText, { face: 'textBold', size: 14, tracking: 0.12 }, 416, 9)
  const accent = style.finish === 'gold' ? 'url(#goldText)' : style.accent
  let out = `<path d="${textPath(typeText, 42, 508, { face: 'textBold', size: typeSize, tracking: 0.12 })}" fill="${accent}"/>`
  out += `<rect x="42" y="520" width="416" height="1.5" fill="${style.finish === 'gold' ? '#C9962B' : style.accent}" fill-opacity="0.35"/>`
  data.facts.slice(0, 2).forEach(([label, value], i) => {
    const y = 552 + i * 32
    for (const line of factLabelLines(label)) {
      out += `<path d="${textPath(line.text, 42, y + line.offset, { ...FACT_LABEL, size: line.size })}" fill="${style.subInk}"/>`
    }
    const valueSize = fittedSize(value, { face: 'text', size: 19 }, 300, 11)
    out += `<path d="${textPath(value, 150, y + 1, { face: 'text', size: valueSize })}" fill="${style.ink}"/>`
  })
  return out
}

function band(style: RarityStyle, serial: string): string {
  const gold = style.finish === 'gold'
  const fill = gold ? 'url(#gold)' : style.accent
  const marks = rarityMarks(style, 42, 648, 9)
  const label = style.name.toUpperCase()
  const labelPath = textPath(label, 42 + marks.width + 12, 654.5, { face: 'textBold', size: 17, tracking: 0.16 })
  const serialPath = textPath(serial, 458, 653.5, { face: 'textBold', size: 12, tracking: 0.08, anchor: 'end' })
  return `<path d="M20,620H480V664a16,16 0 0 1 -16,16H36a16,16 0 0 1 -16,-16Z" fill="${fill}"/>
    ${style.finish === 'silver' ? '<path d="M20,620H480" stroke="url(#silver)" stroke-width="3"/>' : ''}
    <path d="${marks.d}" fill="${style.bandInk}"/>
    <path d="${labelPath}" fill="${style.bandInk}"/>
    <path d="${serialPath}" fill="${style.bandInk}" fill-opacity="0.8"/>`
}

/** The card as SVG in a 500 × 700 box (5:7); rendered at any size by the caller. */
export function cardSvg(data: CardArtData, width: number, height: number): string {
  const style = rarityStyle(data.rarity)
  const scene = sceneOf(data)
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
${defs(style)}
<g clip-path="url(#card)">
${frame(style)}
${body(style)}
${mapWindow(style, scene)}
${finishOverlay(style)}
${nameBlock(style, data.name, !!data.flagCode && !!flagDataUri(data.flagCode))}
${flag(style, data.flagCode)}
${infoBlock(style, data)}
${band(style, data.serial)}
</g>
</svg>`
}
