import { Worker } from 'node:worker_threads'

/**
 * How often the worker copies the write-ahead log back into the database file. A second keeps the log to the pages
 * of about a second of writes, a few megabytes at the highest load measured.
 */
const CHECKPOINT_INTERVAL_MS = 1000

/**
 * SQLite's own checkpoints run inside a commit on the only connection, so every thousandth page written makes one
 * purchase wait for two fsyncs. The worker opens a second connection and runs passive checkpoints, which never block
 * the writer, on its own thread; the server's connection keeps a large automatic checkpoint as a backstop should the
 * worker fall behind or stop.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driverPath)
const db = new Database(workerData.file, { fileMustExist: true })
db.pragma('busy_timeout = 5000')
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)')
  } catch (error) {
    parentPort.postMessage(String(error))
  }
}, workerData.intervalMs)
parentPort.on('message', () => {
  clearInterval(timer)
  db.close()
  parentPort.close()
})
`

/** Pages the server's own connection lets the log grow to before it checkpoints itself (about 40 MB). */
export const BACKSTOP_CHECKPOINT_PAGES = 10_000

export interface BackgroundCheckpoint {
  stop(): Promise<void>
}

/** Starts passive checkpoints of the SQLite file on a worker thread; failures are reported, never thrown. */
export function startBackgroundCheckpoint(file: string, onFailure: (message: string) => void): BackgroundCheckpoint {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driverPath: require.resolve('better-sqlite3'), intervalMs: CHECKPOINT_INTERVAL_MS },
  })
  worker.on('message', (message: unknown) => {
    onFailure(String(message))
  })
  worker.on('error', (error: Error) => {
    onFailure(error.message)
  })
  // The checkpoints must not keep a finished process alive.
  worker.unref()
  return {
    stop: () =>
      new Promise((resolve) => {
        if (worker.threadId === -1) {
          resolve()
          return
        }
        worker.once('exit', () => {
          resolve()
        })
        worker.postMessage('stop')
      }),
  }
}
