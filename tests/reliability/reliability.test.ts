// The reliability suite (issue 9 item 11): bounded, loopback only, real files and real processes.
// - kill -9 of an importing process at seeded-random points across its commits (not only before
//   the first one), then the library must open, hold only whole documents, and finish on re-run;
// - an import, searches and a removal at the same time on one library;
// - every kind of bad input, each with its own error code.
// Full disk is in src/main/engine/library-faults.test.ts (a real tmpfs), damaged pages of each table
// in src/main/engine/check-library.test.ts, the token-less client, foreign Host and the token's
// absence from cookies in src/main/server/http-server.test.ts. docs/reliability.md
// reports these figures.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { Library } from '../../src/main/engine/library.js'
import { runIngestWorker } from '../../src/main/engine/worker/run-ingest-worker.js'
import { VectorIndex } from '../../src/main/engine/vectors/vector-index.js'
import { makeTextPdf, sampleTextSpec, writeFixtureCorpus } from '@tests/fixtures/pdf-factory.js'
import { mulberry32 } from '@tests/helpers/seeded-random.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'

const tempDir = useTempDirs()
const ROOT = path.resolve(import.meta.dirname, '../..')
const WORKER_URL = new URL('../../src/main/engine/worker/ingest-worker-entry.js', import.meta.url)

async function writeDocs(dir: string, n: number, prefix: string): Promise<string[]> {
  const files: string[] = []
  for (let i = 0; i < n; i++) {
    const file = path.join(dir, `${prefix}-${i}.pdf`)
    fs.writeFileSync(file, await makeTextPdf(sampleTextSpec(`${prefix} ${i} feldspar`, 3)))
    files.push(file)
  }
  return files
}

/** Every document whole, none twice, and the vector index (after reconciliation) equal to the chunks. */
async function assertConsistent(libDir: string): Promise<number> {
  const lib = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
  try {
    const docs = lib.documents()
    expect(new Set(docs.map((d) => d.path)).size).toBe(docs.length)
    for (const d of docs) expect(d).toMatchObject({ status: 'indexed' })
    for (const d of docs) expect(d.chunks).toBeGreaterThan(0)
    expect(lib.vectors!.ids().sort((a, b) => a - b)).toEqual(
      lib.store.indexedChunkIds().sort((a, b) => a - b),
    )
    expect(lib.db.pragma('integrity_check', { simple: true })).toBe('ok')
    return docs.length
  } finally {
    await lib.close()
  }
}

describe('reliability', () => {
  it(
    'survives kill -9 at random points across commits: 0 documents lost, none duplicated',
    { timeout: 240_000 },
    async () => {
      const docsDir = tempDir()
      const libDir = tempDir()
      const files = await writeDocs(docsDir, 8, 'kill')
      const random = mulberry32(9)
      let kills = 0
      let before = 0
      for (let round = 0; round < 6; round++) {
        // Kill after a random number of commits (1-3) plus a random 0-40 ms: mid-document, mid-save.
        const after = 1 + Math.floor(random() * 3)
        const delay = Math.floor(random() * 40)
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'tests/helpers/ingest-child.ts', libDir, TEST_MODEL_DIR, ...files],
          { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
        )
        let out = ''
        const finished = await new Promise<boolean>((resolve, reject) => {
          child.stdout.on('data', (d: Buffer) => {
            out += d.toString()
            if ((out.match(/committed/g) ?? []).length >= after)
              setTimeout(() => child.kill('SIGKILL'), delay)
          })
          child.on('exit', (_code, signal) => resolve(signal !== 'SIGKILL'))
          child.on('error', reject)
        })
        if (!finished) kills++
        const count = await assertConsistent(libDir)
        expect(count).toBeGreaterThanOrEqual(before) // committed documents are never lost
        before = count
        if (count === files.length) break
      }
      expect(kills).toBeGreaterThan(0)
      const lib = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
      await lib.ingest(files)
      await lib.close()
      expect(await assertConsistent(libDir)).toBe(files.length)
      console.log(`reliability: ${kills} kills survived, 0 documents lost`)
    },
  )

  it(
    'an import, searches and a removal at the same time leave one consistent library',
    { timeout: 120_000 },
    async () => {
      const docsDir = tempDir()
      const libDir = tempDir()
      const [old] = await writeDocs(docsDir, 1, 'old')
      const files = await writeDocs(docsDir, 6, 'new')
      const setup = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
      await setup.ingest([old!])
      const { modelId, dim } = setup.embedder!
      await setup.close()

      const searcher = await Library.open(libDir, { modelDir: TEST_MODEL_DIR, readOnly: true })
      let searches = 0
      let importing = true
      const searching = (async () => {
        while (importing) {
          const r = await searcher.search('feldspar', { k: 5 })
          expect(Array.isArray(r.results)).toBe(true)
          searches++
          await new Promise((res) => setTimeout(res, 5))
        }
      })()
      let removal: Promise<void> | null = null
      const report = await runIngestWorker(
        { libraryDir: libDir, modelDir: TEST_MODEL_DIR, paths: files, parseWorkers: 0 },
        {
          workerUrl: WORKER_URL,
          onCommitted: () => {
            removal ??= (async () => {
              const remover = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
              remover.remove(old!)
              await remover.close()
            })()
          },
        },
      )
      importing = false
      await Promise.all([searching, removal])
      await searcher.close()
      expect(searches).toBeGreaterThan(0)
      expect(report.documents.every((d) => d.status === 'indexed')).toBe(true)
      const check = await Library.open(libDir, { readOnly: true })
      const live = check.store.indexedChunkIds().sort((a, b) => a - b)
      expect(check.documents()).toHaveLength(files.length)
      await check.close()
      // The file as any new process loads it: no removed vector back, no imported one missing.
      expect((await VectorIndex.open(libDir, modelId, dim)).ids().sort((a, b) => a - b)).toEqual(live)
      expect(await assertConsistent(libDir)).toBe(files.length)
    },
  )

  it(
    'every kind of bad input gets its own code and nothing stops the batch',
    { timeout: 120_000 },
    async () => {
      const corpus = await writeFixtureCorpus(tempDir())
      const missing = path.join(corpus.root, 'gone.pdf')
      const lib = await Library.open(tempDir(), { modelDir: TEST_MODEL_DIR })
      const report = await lib.ingest([corpus.root, missing])
      const code = (f: string) => report.documents.find((d) => d.file === f)?.errorCode
      const bad = {
        [corpus.encrypted]: 'PDF_ENCRYPTED',
        [corpus.truncated]: 'PDF_CORRUPT',
        [corpus.notAPdf]: 'PDF_NOT_A_PDF',
        [corpus.empty]: 'PDF_EMPTY_FILE',
        [missing]: 'FILE_NOT_FOUND',
      }
      for (const [file, expected] of Object.entries(bad)) expect(code(file)).toBe(expected)
      for (const f of corpus.text) expect(code(f)).toBeNull()
      await lib.close()
    },
  )
})
