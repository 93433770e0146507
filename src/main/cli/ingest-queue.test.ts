// Two `quire ingest` runs into one library, started a second apart, as two real processes through
// the launcher: the second waits its turn (and says so) instead of failing with IMPORT_RUNNING, and
// both end with every passage in the library holding a vector.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import { acquireImportLock } from '../engine/ingest/import-lock.js'
import { Library } from '../engine/library.js'
import { VectorIndex } from '../engine/vectors/vector-index.js'

const tempDir = useTempDirs()
const REPO = path.resolve(import.meta.dirname, '../../..')

function quire(...args: string[]) {
  const child = spawn(process.execPath, ['bin/quire.js', ...args], {
    cwd: REPO,
    env: { ...process.env, QUIRE_FROM_SOURCE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (d: Buffer) => (out += d))
  child.stderr.on('data', (d: Buffer) => (err += d))
  const exited = Object.assign(once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>, {
    isSettled: false,
  })
  void exited.then(() => (exited.isSettled = true))
  return { exited, out: () => out, err: () => err }
}

async function writePdfs(dir: string, prefix: string, n: number): Promise<string> {
  fs.mkdirSync(dir, { recursive: true })
  for (let i = 0; i < n; i++)
    fs.writeFileSync(
      path.join(dir, `${prefix}-${i}.pdf`),
      await makeTextPdf(sampleTextSpec(`${prefix} ledger ${i} basalt`, 6)),
    )
  return dir
}

describe('two quire ingest runs into one library', () => {
  it('started a second apart, both finish and every passage has a vector', { timeout: 240_000 }, async () => {
    const docs = tempDir()
    const first = await writePdfs(path.join(docs, 'first'), 'north', 12)
    const second = await writePdfs(path.join(docs, 'second'), 'south', 4)
    const lib = tempDir()
    // The test holds the import lock until both runs are started, a second apart, and have said they
    // wait: whichever takes the lock next, the other waits for it (no race on machine speed).
    const held = acquireImportLock(lib)
    const waiting = /Waiting for the import in progress/
    const said = async (run: ReturnType<typeof quire>) => {
      while (!waiting.test(run.err())) {
        if (run.exited.isSettled) break
        await new Promise((r) => setTimeout(r, 20))
      }
    }
    const a = quire('ingest', first, '--library', lib, '--model-dir', TEST_MODEL_DIR)
    await said(a)
    await new Promise((r) => setTimeout(r, 1000))
    const b = quire('ingest', second, '--library', lib, '--model-dir', TEST_MODEL_DIR)
    await said(b)
    held.release()
    const [[codeA], [codeB]] = await Promise.all([a.exited, b.exited])
    expect({ code: codeA, err: a.err() }).toMatchObject({ code: 0 })
    // Before the fix: exit 1 with IMPORT_RUNNING.
    expect({ code: codeB, out: b.out(), err: b.err() }).toMatchObject({ code: 0 })
    expect(a.err()).toMatch(waiting)
    expect(b.err()).toMatch(waiting)
    expect(a.out()).toContain('12 indexed, 0 skipped, 0 failed')
    expect(b.out()).toContain('4 indexed, 0 skipped, 0 failed')

    const opened = await Library.open(lib, { readOnly: true })
    const chunkIds = opened.store.indexedChunkIds().sort((x, y) => x - y)
    expect(opened.documents()).toHaveLength(16)
    await opened.close()
    // The vector file as saved, without an open's reconciliation filling any gap in memory.
    const { loadEmbedder } = await import('../engine/embed/transformers-embedder.js')
    const embedder = await loadEmbedder(TEST_MODEL_DIR)
    const vectors = await VectorIndex.open(lib, embedder.modelId, embedder.dim, undefined, { readOnly: true })
    await embedder.dispose()
    expect(vectors.ids().sort((x, y) => x - y)).toEqual(chunkIds)
  })
})
