import path from 'node:path'

import { Piscina } from 'piscina'

import type { HeicResult } from './heicTask'

/** How long an idle decoding thread is kept: a quiet instance gives back the decoder's memory. */
const IDLE_THREAD_MS = 30_000
/** Decoding a 12 MP HEIC takes about a second of one core; two threads keep a burst of photos from queueing long. */
const THREADS = 2
/** The longest a photo waits for a thread and its decoding: past it, the upload is answered 503 and may be retried. */
const DECODE_TIMEOUT_MS = 30_000

let pool: Piscina<{ file: Uint8Array; maxPixels: number }, HeicResult> | null = null

/**
 * Decodes HEIC photos on worker threads: libheif (compiled to WebAssembly, as sharp's prebuilt libvips has no HEVC
 * decoder) works synchronously, and on the server's own thread a burst of phone photos would stall every request.
 * The threads start with the first HEIC photo and stop when idle.
 */
export function decodeHeic(file: Buffer, maxPixels: number): Promise<HeicResult> {
  if (!pool) {
    // The compiled server has heicWorker.js beside it; from source (tests, `npm run dev`) the worker compiles through tsx.
    const fromSource = __filename.endsWith('.ts')
    pool = new Piscina({
      filename: path.join(__dirname, fromSource ? 'heicWorker.ts' : 'heicWorker.js'),
      execArgv: fromSource ? ['--require', require.resolve('tsx/cjs')] : [],
      minThreads: 0,
      maxThreads: THREADS,
      idleTimeout: IDLE_THREAD_MS,
    })
  }
  return pool.run(
    { file: new Uint8Array(file.buffer, file.byteOffset, file.byteLength), maxPixels },
    { signal: AbortSignal.timeout(DECODE_TIMEOUT_MS) },
  )
}

/** Stops the decoding threads (the app's onClose). */
export async function closeHeicDecoder(): Promise<void> {
  const running = pool
  pool = null
  await running?.destroy()
}
