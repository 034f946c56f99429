import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@shared/constants'

import { LINK_PREVIEW_SIZE } from '../sharePages'

import { rarityMarks } from './cardSvg'
import { rarityStyle } from './rarityStyles'
import { fitLines, fittedSize, textPath } from './textPaths'

/** Where the card's large art sits on the preview: 5:7, the full height less a margin. */
export const CARD_PREVIEW_ART = { x: 80, y: 35, width: 400, height: 560 } as const

export interface CardPreviewText {
  name: string
  rarity: number
  /** Where the place is (its country or region), or empty. */
  typeLine: string
}

/** The preview's backdrop and words; the card's own art is laid over it at CARD_PREVIEW_ART. */
export function cardPreviewSvg({ name, rarity, typeLine }: CardPreviewText): string {
  const { width, height } = LINK_PREVIEW_SIZE
  const style = rarityStyle(rarity)
  const left = CARD_PREVIEW_ART.x + CARD_PREVIEW_ART.width + 70
  const textWidth = width - left - 70
  const title = fitLines(name, { face: 'display', size: 72 }, textWidth, 40)
  const titleTop = 200
  const lineHeight = title.size * 1.1
  const titlePaths = title.lines
    .map((line, index) => textPath(line, left, titleTop + index * lineHeight, { face: 'display', size: title.size }))
    .join('')
  const afterTitle = titleTop + (title.lines.length - 1) * lineHeight
  const marks = rarityMarks(style, left, afterTitle + 58, 14)
  const rarityLine = `${style.name} card`
  const placeLine = typeLine ? typeLine : ''
  const placeSize = placeLine ? fittedSize(placeLine, { face: 'text', size: 30 }, textWidth, 18) : 0
  const taglineSize = fittedSize(PRODUCT_TAGLINE, { face: 'text', size: 22 }, textWidth, 14)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="wash" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${style.accent}" stop-opacity="0.22"/><stop offset="1" stop-color="${style.accent}" stop-opacity="0.04"/></linearGradient></defs>
<rect width="100%" height="100%" fill="#FAF7F2"/>
<rect width="100%" height="100%" fill="url(#wash)"/>
<rect x="0" y="${height - 10}" width="${width}" height="10" fill="${style.accent}"/>
<rect x="${CARD_PREVIEW_ART.x - 6}" y="${CARD_PREVIEW_ART.y - 6}" width="${CARD_PREVIEW_ART.width + 12}" height="${CARD_PREVIEW_ART.height + 12}" rx="30" fill="#000" fill-opacity="0.12"/>
<path d="${titlePaths}" fill="#1B1B1B"/>
<path d="${marks.d}" fill="${style.accent}"/>
<path d="${textPath(rarityLine, left + marks.width + 14, afterTitle + 68, { face: 'textBold', size: 30 })}" fill="${style.accent}"/>
${placeLine ? `<path d="${textPath(placeLine, left, afterTitle + 118, { face: 'text', size: placeSize })}" fill="#5B5B5B"/>` : ''}
<path d="${textPath(PRODUCT_NAME, left, height - 96, { face: 'textBold', size: 34 })}" fill="#0F5C63"/>
<path d="${textPath(PRODUCT_TAGLINE, left, height - 58, { face: 'text', size: taglineSize })}" fill="#5B5B5B"/>
</svg>`
}
