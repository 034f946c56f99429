import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'

import { loadConfig } from '@server/config'
import { blobFolder, LocalFolderBlobStore, S3BlobStore, type BlobStore } from '@server/lib/blobStore'
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
