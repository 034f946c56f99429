/**
 * Memory picture sizes: what a picture tile downloads before (the stored original) and after (the WebP copy its srcset
 * picks), for a 2048×1536 JPEG upload put through the app's own pipeline (`processPicture`, then `makeVariant` per
 * width). Three pictures: a drawn scene (sky, hills, sea) with no grain and with a light grain, which compress like
 * ordinary holiday photos, and pure Gaussian noise, the worst case. Run: `npx tsx scripts/bench/pictureVariants.ts`;
 * figures go to docs/benchmarks.md ("Memory pictures").
 */
import { performance } from 'node:perf_hooks'

import sharp from 'sharp'

import { makeVariant, PICTURE_VARIANT_WIDTHS, processPicture } from '@server/features/memories/pictures'

const WIDTH = 2048
const HEIGHT = 1536

/** A landscape drawn pixel by pixel: a sky gradient, two ranges of hills and the sea, plus grain of `noise` (σ). */
function scene(noise: number): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3)
  let seed = 7
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
    return seed / 2_147_483_648
  }
  const grain = () => (noise === 0 ? 0 : (random() + random() + random() - 1.5) * 2 * noise)
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const farHills = HEIGHT * 0.45 + Math.sin(x / 210) * 60 + Math.sin(x / 57) * 14
      const nearHills = HEIGHT * 0.6 + Math.sin(x / 330 + 1) * 80
      const sea = HEIGHT * 0.78
      let colour: [number, number, number]
      if (y > sea) colour = [20, 70 + (y - sea) / 8, 120 + (y - sea) / 6]
      else if (y > nearHills) colour = [40, 110 - (y - nearHills) / 10, 50]
      else if (y > farHills) colour = [90, 120, 110]
      else colour = [120 + y / 12, 170 + y / 14, 230]
      const offset = (y * WIDTH + x) * 3
      for (let channel = 0; channel < 3; channel += 1) {
        pixels[offset + channel] = Math.max(0, Math.min(255, Math.round((colour[channel] ?? 0) + grain())))
      }
    }
  }
  return pixels
}

async function jpegOf(pixels: Buffer): Promise<Buffer> {
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
}

async function noisePhoto(): Promise<Buffer> {
  return sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#6a8', noise: { type: 'gaussian', sigma: 40 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer()
}

async function main(): Promise<void> {
  const uploads: [string, Buffer][] = [
    ['Scene, no grain', await jpegOf(scene(0))],
    ['Scene, light grain', await jpegOf(scene(6))],
    ['Test photo (pure grain)', await noisePhoto()],
  ]
  const bytes = (count: number) => `${count.toLocaleString('en-US')} B`
  console.log(
    `| ${WIDTH}×${HEIGHT} upload | Original (before) | ${PICTURE_VARIANT_WIDTHS.map((w) => `${w} px copy`).join(' | ')} | copies made in |`,
  )
  console.log(`|---|---:|${PICTURE_VARIANT_WIDTHS.map(() => '---:').join('|')}|---:|`)
  for (const [name, upload] of uploads) {
    const original = await processPicture(upload)
    const started = performance.now()
    const copies = await Promise.all(PICTURE_VARIANT_WIDTHS.map((width) => makeVariant(original.data, width)))
    const elapsed = performance.now() - started
    const cells = copies.map(
      (copy) => `${bytes(copy.length)} (${((100 * copy.length) / original.data.length).toFixed(1)} %)`,
    )
    console.log(`| ${name} | ${bytes(original.data.length)} | ${cells.join(' | ')} | ${elapsed.toFixed(0)} ms |`)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
