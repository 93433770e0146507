import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import { importTransformers } from './import-transformers.js'
import { loadEmbedder } from './transformers-embedder.js'

const loadedFromSharp = () =>
  Object.keys(createRequire(import.meta.url).cache).filter((f) => /[\\/]node_modules[\\/]sharp[\\/]/.test(f))

describe('importTransformers', () => {
  it('loads transformers.js and embeds without loading sharp', async () => {
    const embedder = await loadEmbedder(TEST_MODEL_DIR, { threads: 1, batchSize: 2 })
    try {
      expect((await embedder.embed(['hello world']))[0]).toHaveLength(32)
      expect(loadedFromSharp()).toEqual([])
    } finally {
      await embedder.dispose()
    }
  })

  it('answers a use of image processing with a clear error', async () => {
    const { RawImage } = await importTransformers()
    await expect(RawImage.read(new Blob([new Uint8Array(8)]))).rejects.toThrow(/text embeddings only/)
  })
})
