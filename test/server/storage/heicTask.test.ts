import fs from 'node:fs'
import path from 'node:path'

import { decodeHeicTask } from '@server/lib/heic/heicTask'

/** The HEIC decoding a photo import's thread runs (src/server/lib/heic): real files from heif-enc, no database. */
const PORTO_HEIC = new Uint8Array(fs.readFileSync(path.join(__dirname, '../../helpers/photos/porto-2025-06-05.heic')))

describe('decoding a HEIC photo', () => {
  it('decodes a phone’s HEIC to its pixels', async () => {
    const result = await decodeHeicTask({ file: PORTO_HEIC, maxPixels: 50_000_000 })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.pixels.byteLength).toBe(result.width * result.height * 4)
  })

  it('refuses a photo whose header claims more pixels than allowed, before decoding any', async () => {
    expect(await decodeHeicTask({ file: PORTO_HEIC, maxPixels: 100 })).toEqual({ ok: false, reason: 'tooManyPixels' })
  })

  it('tells a file that is no HEIC from a HEIC that is damaged', async () => {
    // libheif logs its parse complaint; the decoding threads keep it quiet (heicWorker.ts), this direct call cannot.
    const libheifLog = jest.spyOn(console, 'log').mockImplementation(() => undefined)
    const notHeic = new TextEncoder().encode('not really a photo at all')
    expect(await decodeHeicTask({ file: notHeic, maxPixels: 50_000_000 })).toEqual({ ok: false, reason: 'notHeic' })
    const cut = await decodeHeicTask({ file: PORTO_HEIC.subarray(0, 400), maxPixels: 50_000_000 })
    expect(cut.ok).toBe(false)
    libheifLog.mockRestore()
  })
})
