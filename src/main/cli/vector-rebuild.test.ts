// A library whose vector index file was lost (deleted, restored from a backup without it): the
// first search answers in keyword mode while the index is rebuilt once and saved; later commands
// find it whole and rebuild nothing. Before, every search and question re-embedded the whole
// library in memory and never saved it.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { cli } from '@tests/helpers/run-cli.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import { acquireImportLock } from '../engine/ingest/import-lock.js'
import { VECTOR_FILES, VECTOR_INDEX_FILE } from '../engine/store/library-files.js'

const tempDir = useTempDirs()

/** The search's mode; its whole output when it printed no search (the failure then says why). */
function modeOf(r: { code: number; out: string; err: string }): string {
  const parsed = JSON.parse(r.out) as { mode?: string }
  return parsed.mode ?? `${r.code} ${r.out} ${r.err}`
}

const loseVectors = (lib: string) => {
  for (const f of VECTOR_FILES) fs.rmSync(path.join(lib, f), { force: true })
}

describe('a lost vector index', () => {
  it('is rebuilt once and saved by the first search, which answers in keyword mode meanwhile', async () => {
    const docs = tempDir()
    for (let i = 0; i < 3; i++)
      fs.writeFileSync(
        path.join(docs, `survey-${i}.pdf`),
        await makeTextPdf(sampleTextSpec(`survey ${i} granite quarry`, 3)),
      )
    const lib = tempDir()
    expect((await cli('ingest', docs, '--library', lib, '--model-dir', TEST_MODEL_DIR)).code).toBe(0)
    const search = () =>
      cli('search', 'granite quarry', '--library', lib, '--model-dir', TEST_MODEL_DIR, '--json')
    expect(modeOf(await search())).toBe('hybrid')

    loseVectors(lib)
    const first = await search()
    expect(first.code).toBe(0)
    // Answered at once, from the keywords; the rebuild said what it does and that it is saved.
    const answered = JSON.parse(first.out) as { mode: string; results: unknown[] }
    expect(answered.mode).toBe('keyword')
    expect(answered.results.length).toBeGreaterThan(0)
    expect(first.err).toMatch(
      /vector index lacks \d+ passages: answering in keyword mode while it is rebuilt/,
    )
    expect(first.err).toContain('The vector index is rebuilt and saved.')
    const file = path.join(lib, VECTOR_INDEX_FILE)
    expect(fs.existsSync(file)).toBe(true)
    const saved = fs.statSync(file).mtimeMs

    // The next commands use it, and rebuild (and write) nothing.
    const second = await search()
    expect(modeOf(second)).toBe('hybrid')
    expect(second.err).not.toMatch(/vector index/)
    const asked = await cli(
      'ask',
      'granite quarry',
      '--library',
      lib,
      '--model-dir',
      TEST_MODEL_DIR,
      '--json',
      '--ollama-url',
      'http://127.0.0.1:1',
    )
    expect(asked.err).not.toMatch(/vector index lacks/)
    expect(fs.statSync(file).mtimeMs).toBe(saved)
  })

  it('while an import runs, a search answers in keyword mode and leaves the rebuild to the import', async () => {
    const docs = tempDir()
    fs.writeFileSync(path.join(docs, 'survey.pdf'), await makeTextPdf(sampleTextSpec('survey basalt', 2)))
    const lib = tempDir()
    expect((await cli('ingest', docs, '--library', lib, '--model-dir', TEST_MODEL_DIR)).code).toBe(0)
    loseVectors(lib)
    const importing = acquireImportLock(lib)
    try {
      const r = await cli(
        'search',
        'survey basalt',
        '--library',
        lib,
        '--model-dir',
        TEST_MODEL_DIR,
        '--json',
      )
      expect(modeOf(r)).toBe('keyword')
      expect(r.err).toMatch(/answering in keyword mode; the import in progress rebuilds it/)
      expect(fs.existsSync(path.join(lib, VECTOR_INDEX_FILE))).toBe(false)
    } finally {
      importing.release()
    }
  })
})
