import { execFile } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { promisify } from 'node:util'

import { loadConfig } from '@server/config'
import {
  BlobStoreUnavailable,
  blobFolder,
  LocalFolderBlobStore,
  S3BlobStore,
  type BlobStore,
} from '@server/lib/blobStore'
import { startTestS3, type TestS3 } from '@test/helpers/s3'

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function listAll(store: BlobStore, prefix: string): Promise<string[]> {
  const keys: string[] = []
  for await (const key of store.list(prefix)) keys.push(key)
  return keys.sort()
}

let s3: TestS3
let folder: string
beforeAll(async () => {
  s3 = await startTestS3()
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-blobs-'))
})
afterAll(async () => {
  await s3.close()
  fs.rmSync(folder, { recursive: true, force: true })
})

const stores: [string, () => BlobStore][] = [
  ['the local folder', () => new LocalFolderBlobStore(folder)],
  ['an S3-compatible store', () => new S3BlobStore(s3.settings)],
]

describe.each(stores)('%s', (_name, makeStore) => {
  let store: BlobStore
  beforeAll(() => {
    store = makeStore()
  })
  afterAll(() => store.close())

  it('answers what was put under a key, whole or streamed', async () => {
    const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])
    await store.put('memory-pictures/a.png', data)

    expect(await store.get('memory-pictures/a.png')).toEqual(data)
    expect(await readAll((await store.stream('memory-pictures/a.png')) as Readable)).toEqual(data)
  })

  it('replaces what was under a key', async () => {
    await store.put('memory-pictures/b.jpg', Buffer.from('first'))
    await store.put('memory-pictures/b.jpg', Buffer.from('second'))

    expect((await store.get('memory-pictures/b.jpg'))?.toString()).toBe('second')
  })

  it('answers null for a key with nothing under it', async () => {
    expect(await store.get('memory-pictures/missing.png')).toBeNull()
    expect(await store.stream('memory-pictures/missing.png')).toBeNull()
  })

  it('deletes, and deleting a missing key is not an error', async () => {
    await store.put('memory-pictures/c.png', Buffer.from('gone soon'))
    await store.delete('memory-pictures/c.png')

    expect(await store.get('memory-pictures/c.png')).toBeNull()
    await expect(store.delete('memory-pictures/c.png')).resolves.toBeUndefined()
  })

  it('lists the keys under a prefix, through a folder view too', async () => {
    const art = blobFolder(store, 'card-art')
    await art.put('v2-r1/card-x-sm.webp', Buffer.from('x'))
    await art.put('v2-r1/card-y-lg.webp', Buffer.from('y'))
    await art.put('v1-r1/card-x-sm.webp', Buffer.from('old'))

    expect(await listAll(art, 'v2-r1')).toEqual(['v2-r1/card-x-sm.webp', 'v2-r1/card-y-lg.webp'])
    expect(await listAll(store, 'card-art/v1-r1')).toEqual(['card-art/v1-r1/card-x-sm.webp'])
    expect(await listAll(store, 'nothing-here')).toEqual([])
  })

  it('refuses a key that could leave its folder or bucket prefix', async () => {
    await expect(store.put('../outside.png', Buffer.from('no'))).rejects.toThrow('unsafe blob key')
    await expect(store.get('memory-pictures/../../x')).rejects.toThrow('unsafe blob key')
    await expect(store.get('/absolute')).rejects.toThrow('unsafe blob key')
  })

  it('is reachable', async () => {
    await expect(store.check()).resolves.toBeUndefined()
  })

  it('lists a whole folder, and with storedBefore only what was written before that moment', async () => {
    const trips = blobFolder(store, 'trips')
    await trips.put('a.png', Buffer.from('a'))
    await trips.put('b.png', Buffer.from('b'))
    const listed = async (options?: { storedBefore?: Date }) => {
      const keys: string[] = []
      for await (const key of trips.list('', options)) keys.push(key)
      return keys.sort()
    }

    expect(await listed()).toEqual(['a.png', 'b.png'])
    expect(await listed({ storedBefore: new Date(Date.now() + 60_000) })).toEqual(['a.png', 'b.png'])
    expect(await listed({ storedBefore: new Date(Date.now() - 60_000) })).toEqual([])
  })
})

describe('the local folder when writing fails', () => {
  /**
   * Puts 4 MB into a folder from a process that may write files of at most 1 MB (RLIMIT_FSIZE, `ulimit -f`): the
   * write fails half-way with EFBIG, as it would on a full disk with ENOSPC. Answers what the put threw.
   */
  async function putWhileTheDiskFills(target: string): Promise<{ name: string; code: string; cause: string }> {
    const script = [
      "process.on('SIGXFSZ', () => undefined)",
      `const { LocalFolderBlobStore } = require(${JSON.stringify(path.resolve('src/server/lib/blobStore.ts'))})`,
      `new LocalFolderBlobStore(${JSON.stringify(target)})`,
      "  .put('memory-pictures/big.png', Buffer.alloc(4 * 1024 * 1024, 7))",
      '  .then(() => null, (error) => error)',
      '  .then((e) => console.log(JSON.stringify({ name: e?.name, code: e?.code, cause: e?.cause?.code })))',
    ].join('\n')
    const tsx = path.resolve('node_modules/.bin/tsx')
    const { stdout } = await promisify(execFile)('bash', ['-c', `ulimit -f 1024 && exec "$0" --eval "$1"`, tsx, script])
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { name: string; code: string; cause: string }
  }

  it('fails a write that fills the disk as the store being unavailable, leaving no part of the file', async () => {
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-full-'))
    try {
      const failure = await putWhileTheDiskFills(target)

      expect(failure).toEqual({ name: 'BlobStoreUnavailable', code: 'Unavailable', cause: 'EFBIG' })
      expect(fs.readdirSync(path.join(target, 'memory-pictures'))).toEqual([])
    } finally {
      fs.rmSync(target, { recursive: true, force: true })
    }
  }, 60_000) // a process of its own compiles TypeScript first: seconds on a busy machine

  it('answers a folder it cannot write in as the store being unavailable', async () => {
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-blocked-'))
    // Where the pictures' folder should be there is a file: no process, root included, can write inside it.
    fs.writeFileSync(path.join(target, 'memory-pictures'), 'not a folder')
    const store = new LocalFolderBlobStore(target)
    try {
      await expect(store.put('memory-pictures/a.png', Buffer.from('a'))).rejects.toBeInstanceOf(BlobStoreUnavailable)
      await expect(store.get('memory-pictures/a.png')).rejects.toBeInstanceOf(BlobStoreUnavailable)
    } finally {
      fs.rmSync(target, { recursive: true, force: true })
    }
  })

  it('lists what an unfinished write left only when asked for what is older than a moment', async () => {
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-leftover-'))
    const store = new LocalFolderBlobStore(target)
    try {
      await store.put('memory-pictures/kept.png', Buffer.from('kept'))
      const leftover = path.join(target, 'memory-pictures', 'lost.png.4242-0a0b0c0d.partial')
      fs.writeFileSync(leftover, 'half a pict')
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000)
      fs.utimesSync(leftover, twoDaysAgo, twoDaysAgo)
      const listed = async (options?: { storedBefore?: Date }) => {
        const keys: string[] = []
        for await (const key of store.list('memory-pictures', options)) keys.push(key)
        return keys
      }

      expect(await listed()).toEqual(['memory-pictures/kept.png'])
      expect(await listed({ storedBefore: new Date(Date.now() - 60_000) })).toEqual([
        'memory-pictures/lost.png.4242-0a0b0c0d.partial',
      ])
    } finally {
      fs.rmSync(target, { recursive: true, force: true })
    }
  })
})

describe('an S3-compatible store that does not answer', () => {
  const quickly = { connectTimeoutMs: 200, requestTimeoutMs: 300 }

  async function everyCallFails(store: BlobStore): Promise<void> {
    await expect(store.put('memory-pictures/a.png', Buffer.from('a'))).rejects.toBeInstanceOf(BlobStoreUnavailable)
    await expect(store.get('memory-pictures/a.png')).rejects.toBeInstanceOf(BlobStoreUnavailable)
    await expect(store.stream('memory-pictures/a.png')).rejects.toBeInstanceOf(BlobStoreUnavailable)
    await expect(store.delete('memory-pictures/a.png')).rejects.toBeInstanceOf(BlobStoreUnavailable)
    await expect(listAll(store, 'memory-pictures')).rejects.toBeInstanceOf(BlobStoreUnavailable)
  }

  it('fails every call as unavailable when it accepts connections and never answers', async () => {
    const held: net.Socket[] = []
    const silent = net.createServer((socket) => held.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as net.AddressInfo
    const store = new S3BlobStore({ ...s3.settings, ...quickly, endpoint: `http://127.0.0.1:${port}` })
    try {
      await everyCallFails(store)
    } finally {
      await store.close()
      for (const socket of held) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  it('fails every call as unavailable once it has stopped', async () => {
    const stopped = await startTestS3('stopped-bucket')
    await stopped.close()
    const store = new S3BlobStore({ ...stopped.settings, ...quickly })
    try {
      await everyCallFails(store)
    } finally {
      await store.close()
    }
  })
})

describe('an S3-compatible store that cannot be reached', () => {
  it('fails its check', async () => {
    const store = new S3BlobStore({ ...s3.settings, bucket: 'no-such-bucket' })
    try {
      await expect(store.check()).rejects.toThrow()
    } finally {
      await store.close()
    }
  })
})

describe('BLOB_STORE', () => {
  it('is a folder under DATA_DIR unless set to s3', () => {
    expect(loadConfig({ DATA_DIR: '/srv/wandercards' }).blobStore).toEqual({
      kind: 'local',
      folder: path.join('/srv/wandercards', 'blobs'),
    })
  })

  it('reads the bucket, endpoint, region, keys and path style for s3', () => {
    expect(loadConfig(s3.env).blobStore).toEqual({ kind: 's3', ...s3.settings })
    expect(loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'pictures' }).blobStore).toEqual({
      kind: 's3',
      bucket: 'pictures',
      endpoint: null,
      region: 'us-east-1',
      accessKeyId: null,
      secretAccessKey: null,
      forcePathStyle: false,
      connectTimeoutMs: 3000,
      requestTimeoutMs: 10_000,
    })
  })

  it('refuses an unknown store, a missing bucket, half a key pair and a bad endpoint, naming the setting', () => {
    expect(() => loadConfig({ BLOB_STORE: 'ftp' })).toThrow(
      'Setting BLOB_STORE="ftp" is invalid: expected local or s3.',
    )
    expect(() => loadConfig({ BLOB_STORE: 's3' })).toThrow('Setting S3_BUCKET is required when BLOB_STORE=s3')
    expect(() => loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      'Settings S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    )
    expect(() => loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      'Setting S3_FORCE_PATH_STYLE="maybe" is invalid: expected the bucket in the path: on or off.',
    )
    expect(() => loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /Setting S3_ENDPOINT="minio:9000" is invalid: expected .*http:\/\//,
    )
  })
})
