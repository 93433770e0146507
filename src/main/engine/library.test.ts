import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  makeTextPdf,
  paragraphLines,
  sampleTextSpec,
  writeFixtureCorpus,
} from '@tests/fixtures/pdf-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import { Library } from './library.js'
import { tuningWith } from './retrieve/tuning.js'

const tempDir = useTempDirs()

async function writePdf(dir: string, name: string, topic: string, pages = 3): Promise<string> {
  const file = path.join(dir, name)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, await makeTextPdf(sampleTextSpec(topic, pages)))
  return file
}

function vectorCountMatchesChunks(lib: Library): void {
  const chunkIds = lib.store.indexedChunkIds().sort((a, b) => a - b)
  expect(lib.vectors!.ids().sort((a, b) => a - b)).toEqual(chunkIds)
}

describe('Library import', () => {
  it('imports a mixed folder: good files indexed, each bad file with its own error, nothing stops the batch', async () => {
    const corpus = await writeFixtureCorpus(tempDir())
    const lib = await Library.open(tempDir(), { modelDir: TEST_MODEL_DIR })
    const report = await lib.ingest([corpus.root])
    const byFile = new Map(report.documents.map((d) => [d.file, d]))
    for (const f of corpus.text) expect(byFile.get(f)?.status).toBe('indexed')
    expect(byFile.get(corpus.encrypted)).toMatchObject({ status: 'failed', errorCode: 'PDF_ENCRYPTED' })
    expect(byFile.get(corpus.scanned)).toMatchObject({ status: 'failed', errorCode: 'PDF_NO_TEXT' })
    expect(byFile.get(corpus.truncated)).toMatchObject({ status: 'failed', errorCode: 'PDF_CORRUPT' })
    expect(byFile.get(corpus.notAPdf)).toMatchObject({ status: 'failed', errorCode: 'PDF_NOT_A_PDF' })
    expect(byFile.get(corpus.empty)).toMatchObject({ status: 'failed', errorCode: 'PDF_EMPTY_FILE' })
    expect(byFile.has(corpus.ignored)).toBe(false)
    for (const d of report.documents.filter((x) => x.status === 'failed')) expect(d.error).toMatch(/\w+/)
    // Failures are recorded in the database too, with their readable message.
    const failed = lib.documents().filter((d) => d.status === 'failed')
    expect(failed.map((d) => d.errorCode).sort()).toEqual(
      ['PDF_CORRUPT', 'PDF_EMPTY_FILE', 'PDF_ENCRYPTED', 'PDF_NOT_A_PDF', 'PDF_NO_TEXT'].sort(),
    )
    vectorCountMatchesChunks(lib)
    await lib.close()
  })

  it('names a missing file and a file of a type it does not read, explicitly given', async () => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, 'notes.zip'), 'hello')
    const lib = await Library.open(tempDir())
    const report = await lib.ingest([path.join(dir, 'missing.pdf'), path.join(dir, 'notes.zip')])
    expect(report.documents.map((d) => d.errorCode)).toEqual(['FILE_NOT_FOUND', 'NOT_SUPPORTED'])
    await lib.close()
  })

  it('skips the same content imported twice and re-indexes a changed file at the same path', async () => {
    const docs = tempDir()
    const a = await writePdf(docs, 'a.pdf', 'zeolite catalysts')
    fs.copyFileSync(a, path.join(docs, 'copy-of-a.pdf'))
    const lib = await Library.open(tempDir(), { modelDir: TEST_MODEL_DIR })
    const first = await lib.ingest([docs])
    expect(first.documents.map((d) => d.status).sort()).toEqual(['indexed', 'skipped'])
    const again = await lib.ingest([a])
    expect(again.documents[0]?.status).toBe('skipped')
    // The skip names the library document that holds the content (the app words it by name).
    const held = lib.documents().find((d) => d.path === a)!
    expect(again.documents[0]?.existingDocumentId).toBe(held.id)
    expect(first.documents.find((d) => d.status === 'skipped')?.existingDocumentId).toBe(held.id)

    fs.writeFileSync(a, await makeTextPdf(sampleTextSpec('perovskite solar cells', 2)))
    const changed = await lib.ingest([a])
    expect(changed.documents[0]?.status).toBe('indexed')
    expect(lib.documents()).toHaveLength(1)
    const hit = await lib.search('perovskite solar cells')
    expect(hit.results[0]?.file).toBe(a)
    const stale = await lib.search('zeolite catalysts')
    expect(stale.results.every((r) => !r.text.includes('zeolite'))).toBe(true)
    vectorCountMatchesChunks(lib)
    await lib.close()
  })

  it('persists across reopen and removes documents from text and vector indexes', async () => {
    const docs = tempDir()
    const libDir = tempDir()
    const a = await writePdf(docs, 'a.pdf', 'glacier hydrology')
    await writePdf(docs, 'b.pdf', 'medieval cartography')
    let lib = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
    await lib.ingest([docs])
    await lib.close()

    lib = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
    expect(lib.mode).toBe('hybrid')
    const r = await lib.search('glacier hydrology', { k: 3 })
    expect(r.results[0]).toMatchObject({ file: a })
    expect(r.results[0]!.pages.length).toBeGreaterThan(0)
    expect(r.results[0]!.matchedTerms).toEqual(expect.arrayContaining(['glacier', 'hydrology']))
    expect(lib.remove(a)).toBe(true)
    expect((await lib.search('glacier hydrology')).results.every((x) => x.file !== a)).toBe(true)
    vectorCountMatchesChunks(lib)
    await lib.close()
  })

  it('restricts a search to chosen documents', async () => {
    const docs = tempDir()
    await writePdf(docs, 'a.pdf', 'volcanic ash')
    const b = await writePdf(docs, 'b.pdf', 'volcanic soil')
    const lib = await Library.open(tempDir(), { modelDir: TEST_MODEL_DIR })
    await lib.ingest([docs])
    const bId = lib.documents().find((d) => d.path === b)!.id
    const r = await lib.search('volcanic', { documentIds: [bId] })
    expect(r.results.length).toBeGreaterThan(0)
    expect(r.results.every((x) => x.file === b)).toBe(true)
    await lib.close()
  })

  // Varied wording: identical last lines on every page would be taken for a running footer.
  const WARES = ['clay', 'glaze', 'porcelain', 'stoneware', 'earthenware', 'terracotta', 'bisque']

  it('returns neighbouring chunks that both match as one passage, without repeating their overlap', async () => {
    const docs = tempDir()
    const sentences = Array.from(
      { length: 90 },
      (_, i) =>
        `Kiln note ${i + 1}: the kiln temperature was logged during firing batch ${i + 1} of ${WARES[i % WARES.length]}.`,
    )
    const file = path.join(docs, 'kiln.pdf')
    fs.writeFileSync(
      file,
      await makeTextPdf({
        pages: [0, 1, 2].map((p) => ({ lines: paragraphLines(sentences.slice(p * 30, p * 30 + 30)) })),
      }),
    )
    const lib = await Library.open(tempDir())
    await lib.ingest([file])
    const chunks = lib.store.indexedChunkIds().sort((a, b) => a - b)
    expect(chunks.length).toBeGreaterThanOrEqual(4)

    const r = await lib.search('kiln temperature during firing')
    const merged = r.results.filter((h) => h.chunkIds.length > 1)
    expect(merged.length).toBeGreaterThan(0)
    for (const h of r.results) {
      expect(h.chunkIds.length).toBeLessThanOrEqual(3)
      expect(h.chunkIds).toContain(h.chunkId)
      // Members are consecutive chunks, in document order.
      h.chunkIds.forEach((id, i) => i > 0 && expect(id).toBe(h.chunkIds[i - 1]! + 1))
      // Each note appears once, although consecutive chunks repeat sentences.
      const own = [...h.text.matchAll(/Kiln\s+note\s+(\d+):/g)].map((m) => m[1])
      expect(new Set(own).size).toBe(own.length)
      expect(h.pages).toEqual([...h.pages].sort((a, b) => a - b))
    }
    // Every chunk is in exactly one passage, and together the passages hold every note in order.
    expect(r.results.flatMap((h) => h.chunkIds).sort((a, b) => a - b)).toEqual(chunks)
    const notes = r.results
      .sort((a, b) => a.chunkIds[0]! - b.chunkIds[0]!)
      .flatMap((h) => [...h.text.matchAll(/Kiln\s+note\s+(\d+):/g)].map((m) => Number(m[1])))
    expect([...new Set(notes)]).toEqual(sentences.map((_, i) => i + 1))
    await lib.close()
  })

  it('works in keyword-only mode without a model and upgrades to hybrid when one appears', async () => {
    const docs = tempDir()
    const libDir = tempDir()
    await writePdf(docs, 'a.pdf', 'orbital mechanics')
    let lib = await Library.open(libDir, { modelDir: path.join(docs, 'no-model-here') })
    expect(lib.embeddingStatus()).toMatchObject({ mode: 'keyword' })
    expect(lib.embeddingStatus().reason).toMatch(/config\.json|not|missing/i)
    await lib.ingest([docs])
    const kw = await lib.search('orbital mechanics')
    expect(kw.mode).toBe('keyword')
    expect(kw.results.length).toBeGreaterThan(0)
    await lib.close()

    lib = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
    expect(lib.mode).toBe('hybrid')
    vectorCountMatchesChunks(lib)
    expect((await lib.search('orbital mechanics')).mode).toBe('hybrid')
    await lib.close()
  })

  it('declines a question about something the library never mentions', async () => {
    const docs = tempDir()
    await writePdf(docs, 'a.pdf', 'coral reefs')
    const lib = await Library.open(tempDir())
    await lib.ingest([docs])
    expect((await lib.search('How do I configure the Kubernetes ingress controller?')).declined).toBe(true)
    expect((await lib.search('What are the results for coral reefs?')).declined).toBe(false)
    // A follow-up without content words of its own is judged by its earlier turn.
    expect((await lib.search('And before that?')).declined).toBe(true)
    const followUp = await lib.search('And before that?', {
      context: ['What are the results for coral reefs?'],
    })
    expect(followUp.declined).toBe(false)
    expect(followUp.results[0]?.text).toMatch(/coral reefs/)
    await lib.close()
  })

  it('searches with the tuning it was opened with, and says why it declined', async () => {
    const docs = tempDir()
    await writePdf(docs, 'a.pdf', 'coral reefs')
    const dir = tempDir()
    const lib = await Library.open(dir)
    await lib.ingest([docs])
    const answered = await lib.search('What are the results for coral reefs?')
    expect(answered.decision).toMatchObject({ declined: false, reason: 'answered' })
    // Everything but the name is found together, so the model is left to judge (decide.ts).
    const absent = await lib.search('What are the Kubernetes results for coral reefs?')
    expect(absent.decision).toMatchObject({
      declined: false,
      doubtful: true,
      reason: 'names-absent',
      decisive: ['Kubernetes'],
    })
    await lib.close()
    // The same library, opened asking for more coverage than any passage can have, and deciding alone.
    const strict = await Library.open(dir, {
      tuning: tuningWith({ minCoverage: 1.01, modelJudgesAboveLocal: 2 }),
    })
    const r = await strict.search('What are the results for coral reefs?')
    expect(r.decision).toMatchObject({ declined: true, reason: 'low-coverage', threshold: 1.01 })
    await strict.close()
  })

  it('reconciles a vector index that lost vectors or kept orphans', async () => {
    const docs = tempDir()
    const libDir = tempDir()
    await writePdf(docs, 'a.pdf', 'tidal energy')
    let lib = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
    await lib.ingest([docs])
    const ids = lib.store.indexedChunkIds()
    lib.vectors!.remove(ids.slice(0, 2))
    lib.vectors!.add([999_999], [new Float32Array(lib.embedder!.dim).fill(0.1)])
    lib.vectors!.save()
    lib.db.close()

    lib = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
    vectorCountMatchesChunks(lib)
    await lib.close()
  })

  it('rebuilds a lost vector index as a background job with progress, answering in keyword mode meanwhile', async () => {
    const docs = tempDir()
    const libDir = tempDir()
    for (let i = 0; i < 4; i++) await writePdf(docs, `d${i}.pdf`, `volcanic soil study ${i}`, 6)
    let lib = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
    await lib.ingest([docs])
    await lib.close()
    fs.rmSync(path.join(libDir, 'vectors.hnsw')) // lost

    const progress: [number, number][] = []
    lib = await Library.open(libDir, {
      modelDir: TEST_MODEL_DIR,
      reconcile: 'background',
      onReconcile: (done, total) => progress.push([done, total]),
    })
    // Before: open awaited the whole rebuild, so nothing could be searched until it ended.
    expect(lib.vectorRebuild()).not.toBeNull()
    const during = await lib.search('volcanic soil study 2', { k: 3 })
    expect(during.mode).toBe('keyword')
    expect(during.results.length).toBeGreaterThan(0)
    await lib.rebuildDone()
    expect(lib.vectorRebuild()).toBeNull()
    const total = lib.store.indexedChunkIds().length
    expect(progress.at(0)).toEqual([0, total])
    expect(progress.at(-1)).toEqual([total, total])
    expect((await lib.search('volcanic soil study 2', { k: 3 })).mode).toBe('hybrid')
    vectorCountMatchesChunks(lib)
    await lib.close()
  })
})

describe('Library crash safety', () => {
  const child = (libDir: string, files: string[]) =>
    spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/helpers/ingest-child.ts', libDir, TEST_MODEL_DIR, ...files],
      {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )

  it('a process killed mid-import leaves a library that opens, and re-running finishes without duplicates', async () => {
    const docs = tempDir()
    const files: string[] = []
    for (let i = 0; i < 6; i++) files.push(await writePdf(docs, `doc-${i}.pdf`, `topic number ${i} alpha`, 4))
    const libDir = tempDir()

    // Kill the importer right after its second document commits (before it can finish).
    const proc = child(libDir, files)
    let out = ''
    await new Promise<void>((resolve, reject) => {
      proc.stdout.on('data', (d: Buffer) => {
        out += d.toString()
        if ((out.match(/committed/g) ?? []).length >= 2) proc.kill('SIGKILL')
      })
      proc.on('exit', () => resolve())
      proc.on('error', reject)
    })
    expect(out).not.toContain('finished')

    let lib = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
    const partial = lib.documents()
    expect(partial.length).toBeGreaterThanOrEqual(2)
    expect(partial.length).toBeLessThan(files.length)
    expect(partial.every((d) => d.status === 'indexed' && d.chunks > 0)).toBe(true)
    vectorCountMatchesChunks(lib)
    await lib.close()

    lib = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
    const report = await lib.ingest([docs])
    expect(report.documents.filter((d) => d.status === 'skipped')).toHaveLength(partial.length)
    expect(lib.documents()).toHaveLength(files.length)
    expect(new Set(lib.documents().map((d) => d.path)).size).toBe(files.length)
    vectorCountMatchesChunks(lib)
    await lib.close()
  })
})
