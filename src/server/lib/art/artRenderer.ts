import path from 'node:path'

import { Piscina } from 'piscina'

import { renderArtTask, type ArtTask } from './renderArt'

/** Draws card and collection pictures, on worker threads or in this thread. */
export interface ArtRenderer {
  render(task: ArtTask): Promise<Buffer>
  close(): Promise<void>
}

/** Draws in the calling thread: for tests and tools that render a few pictures and have no server to keep answering. */
export const inlineArtRenderer: ArtRenderer = {
  render: renderArtTask,
  close: async () => undefined,
}

/** How long an idle worker thread is kept: a quiet instance gives back the memory of the outlines it loaded. */
const IDLE_THREAD_MS = 60_000

/**
 * Drawing one card projects the world's outlines, up to a second of CPU on a slow core: on the server's own thread it
 * would stall every request meanwhile, and the load shedder would refuse them. Worker threads draw instead, started on
 * the first picture asked for (most instances find their pictures in the blob store). With 0 threads, pictures are
 * drawn in this thread.
 */
export function createArtRenderer(threads: number): ArtRenderer {
  if (threads === 0) return inlineArtRenderer
  // The compiled server has artWorker.js beside it; run from source (tests, `npm run dev`), the worker compiles the
  // TypeScript through tsx as the main thread does.
  const fromSource = __filename.endsWith('.ts')
  const pool = new Piscina<ArtTask, Uint8Array>({
    filename: path.join(__dirname, fromSource ? 'artWorker.ts' : 'artWorker.js'),
    execArgv: fromSource ? ['--require', require.resolve('tsx/cjs')] : [],
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: IDLE_THREAD_MS,
  })
  return {
    async render(task) {
      const bytes = await pool.run(task)
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    },
    close: () => pool.destroy(),
  }
}
