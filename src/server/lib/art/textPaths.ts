import fs from 'node:fs'

import opentype from 'opentype.js'

/**
 * Text in the art is drawn as outlines from fonts shipped in npm, so a server without fonts renders the same card.
 * Glyphs are laid out one by one: opentype.js 1.3.4's whole-string layout misplaces glyphs of these WOFF files.
 */
export type FontFace = 'display' | 'displayItalic' | 'text' | 'textBold'

const FONT_FILES: Record<FontFace, string[]> = {
  display: [
    '@fontsource/fraunces/files/fraunces-latin-700-normal.woff',
    '@fontsource/fraunces/files/fraunces-latin-ext-700-normal.woff',
  ],
  displayItalic: [
    '@fontsource/fraunces/files/fraunces-latin-500-italic.woff',
    '@fontsource/fraunces/files/fraunces-latin-ext-500-italic.woff',
  ],
  text: [
    '@fontsource/inter/files/inter-latin-500-normal.woff',
    '@fontsource/inter/files/inter-latin-ext-500-normal.woff',
  ],
  textBold: [
    '@fontsource/inter/files/inter-latin-700-normal.woff',
    '@fontsource/inter/files/inter-latin-ext-700-normal.woff',
  ],
}

const loaded = new Map<FontFace, opentype.Font[]>()

function resolveFontFile(file: string): string {
  return require.resolve(file, { paths: [process.cwd(), __dirname] })
}

function fontsOf(face: FontFace): opentype.Font[] {
  let fonts = loaded.get(face)
  if (!fonts) {
    fonts = FONT_FILES[face].map((file) => {
      const buffer = fs.readFileSync(resolveFontFile(file))
      return opentype.parse(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength))
    })
    loaded.set(face, fonts)
  }
  return fonts
}

interface PlacedGlyph {
  font: opentype.Font
  glyph: opentype.Glyph
  x: number
}

export interface TextOptions {
  face: FontFace
  size: number
  /** Extra space between letters, in em. */
  tracking?: number
}

function layout(text: string, { face, size, tracking = 0 }: TextOptions): { glyphs: PlacedGlyph[]; width: number } {
  const fonts = fontsOf(face)
  const [primary] = fonts
  if (!primary) throw new Error(`No font files for the ${face} face`)
  const glyphs: PlacedGlyph[] = []
  let x = 0
  let previous: PlacedGlyph | null = null
  for (const char of text) {
    const font = fonts.find((f) => f.charToGlyphIndex(char) > 0) ?? primary
    const glyph = font.charToGlyph(char)
    const scale = size / font.unitsPerEm
    if (previous?.font === font) {
      try {
        const kerning = font.getKerningValue(previous.glyph, glyph)
        // Some pairs come back undefined from this font's tables; a NaN would push every later glyph off the card.
        if (Number.isFinite(kerning)) x += kerning * scale
      } catch {
        // Fonts without a usable kerning table lay out without kerning.
      }
    }
    const placed: PlacedGlyph = { font, glyph, x }
    glyphs.push(placed)
    x += (glyph.advanceWidth ?? font.unitsPerEm / 2) * scale + tracking * size
    previous = placed
  }
  return { glyphs, width: Math.max(0, x - tracking * size) }
}

export function measureText(text: string, options: TextOptions): number {
  return layout(text, options).width
}

/** SVG path data of `text` with its baseline starting at (x, y); `anchor` aligns it like text-anchor. */
export function textPath(
  text: string,
  x: number,
  y: number,
  options: TextOptions & { anchor?: 'start' | 'middle' | 'end' },
): string {
  const { glyphs, width } = layout(text, options)
  const startX = options.anchor === 'middle' ? x - width / 2 : options.anchor === 'end' ? x - width : x
  return glyphs.map(({ glyph, x: offset }) => pathData(glyph.getPath(startX + offset, y, options.size))).join('')
}

const n = (value: number) => (Math.round(value * 100) / 100).toString()

/**
 * Serialises a glyph outline. opentype.js 1.3.4 now and then yields a NaN control point for a quadratic curve
 * (seen in Fraunces "t" after "is"); a straight line to the end point keeps the letter and the rest of the text.
 */
function pathData(path: opentype.Path): string {
  let d = ''
  for (const command of path.commands) {
    if (command.type === 'Z') {
      d += 'Z'
      continue
    }
    const { x, y } = command
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue
    if (command.type === 'M') d += `M${n(x)} ${n(y)}`
    else if (command.type === 'L') d += `L${n(x)} ${n(y)}`
    else if (command.type === 'Q') {
      d +=
        Number.isFinite(command.x1) && Number.isFinite(command.y1)
          ? `Q${n(command.x1)} ${n(command.y1)} ${n(x)} ${n(y)}`
          : `L${n(x)} ${n(y)}`
    } else {
      const controls = [command.x1, command.y1, command.x2, command.y2]
      d += controls.every(Number.isFinite) ? `C${controls.map(n).join(' ')} ${n(x)} ${n(y)}` : `L${n(x)} ${n(y)}`
    }
  }
  return d
}

/** The largest size up to `size` at which `text` fits `maxWidth`. */
export function fittedSize(text: string, options: TextOptions, maxWidth: number, minSize: number): number {
  const width = measureText(text, options)
  if (width <= maxWidth) return options.size
  return Math.max(minSize, Math.floor((options.size * maxWidth) / width))
}

/** One line or two: a long name breaks at the space nearest its middle rather than shrinking to nothing. */
export function fitLines(
  text: string,
  options: TextOptions,
  maxWidth: number,
  minSize: number,
): { lines: string[]; size: number } {
  const single = fittedSize(text, options, maxWidth, 1)
  if (single >= minSize || !text.includes(' ')) return { lines: [text], size: Math.max(single, minSize * 0.8) }
  const words = text.split(' ')
  let best: string[] = [text]
  let bestWidth = Infinity
  for (let i = 1; i < words.length; i += 1) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')]
    const widest = Math.max(...lines.map((line) => measureText(line, options)))
    if (widest < bestWidth) {
      best = lines
      bestWidth = widest
    }
  }
  const size = Math.min(options.size * 0.82, Math.floor((options.size * maxWidth) / bestWidth))
  return { lines: best, size }
}

/** Characters of `text` that none of the face's fonts can draw. */
export function missingGlyphs(text: string, face: FontFace): string[] {
  const fonts = fontsOf(face)
  return [...new Set(text)].filter((char) => char !== ' ' && !fonts.some((font) => font.charToGlyphIndex(char) > 0))
}
