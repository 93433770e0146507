import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { NOTHING_OUTDATED, OUTDATED_LABEL } from '@shared/outdated-index.js'
import { makeDocx } from '@tests/fixtures/office-factory.js'
import { makeTextPdf, paragraphLines, writeFixtureCorpus } from '@tests/fixtures/pdf-factory.js'
import { cli } from '@tests/helpers/run-cli.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import { DB_FILE } from '../engine/store/db-file.js'

const tempDir = useTempDirs()

async function smallLibrary() {
  const docs = tempDir()
  const file = path.join(docs, 'manual.pdf')
  fs.writeFileSync(
    file,
    await makeTextPdf({
      pages: [
        {
          lines: [
            { text: '1 Installing', size: 16 },
            ...paragraphLines([
              'Run the installer with the --prefix option to choose the target folder.',
              'The installer copies the program, its manual pages and the examples into that folder.',
              'Nothing outside the folder is touched, so several versions can live side by side.',
            ]),
          ],
        },
        {
          lines: [
            { text: '2 Colours', size: 16 },
            ...paragraphLines([
              'The default colour map is viridis; set palette to change it.',
              'Every plot reads the palette when it is drawn, so a change applies to later plots only.',
              'Grey scales are available for printing on paper without colour.',
            ]),
          ],
        },
      ],
    }),
  )
  const lib = tempDir()
  return { docs, file, lib }
}

describe('quire CLI contract', () => {
  it('ingest --json prints one report object and exits 0 even when files fail', async () => {
    const corpus = await writeFixtureCorpus(tempDir())
    const lib = tempDir()
    const r = await cli('ingest', corpus.root, '--library', lib, '--model-dir', TEST_MODEL_DIR, '--json')
    expect(r.code).toBe(0)
    const report = JSON.parse(r.out.trim())
    expect(Object.keys(report).sort()).toEqual([
      'documents',
      'elapsed_ms',
      'first_embedding_cpu_s',
      'first_embedding_s',
      'not_imported',
    ])
    expect(report.first_embedding_s).toBeGreaterThan(0)
    expect(report.first_embedding_cpu_s).toBeGreaterThan(0)
    for (const d of report.documents) {
      expect(Object.keys(d).sort()).toEqual([
        'chunks',
        'code',
        'error',
        'file',
        'ocr_pages',
        'pages',
        'reindex',
        'remedy',
        'status',
        'unreadable_pages',
      ])
      expect(['indexed', 'skipped', 'failed']).toContain(d.status)
    }
    expect(report.documents.filter((d: { status: string }) => d.status === 'indexed')).toHaveLength(3)
    expect(report.documents.find((d: { file: string }) => d.file === corpus.encrypted)).toMatchObject({
      error: expect.stringMatching(/password/i),
      code: 'PDF_ENCRYPTED',
    })
  })

  it('ingest names each bad input with its code and what to do, and never prints raw terminal escapes', async () => {
    const { docs, file, lib } = await smallLibrary()
    const evil = path.join(docs, 'evil\x1b]0;owned\x07\x1b[2J.pdf')
    fs.writeFileSync(evil, 'not really a pdf')
    fs.symlinkSync(file, path.join(docs, 'shortcut.pdf'))
    const human = await cli('ingest', docs, '--library', lib, '--model-dir', 'none')
    expect(human.code).toBe(0)
    expect(human.out + human.err).not.toContain('\x1b')
    expect(human.out).toContain('evil\\x1b]0;owned\\x07\\x1b[2J.pdf')
    expect(human.out).toMatch(/shortcut\.pdf .*\[SKIPPED_SYMLINK\]\n\s+Quire does not follow links/)
    expect(human.out).toMatch(/\[PDF_NOT_A_PDF\]\n\s+It is named \.pdf but is not one/)
    const json = JSON.parse(
      (await cli('ingest', docs, '--library', lib, '--model-dir', 'none', '--json')).out,
    )
    const link = json.documents.find((d: { file: string }) => d.file.endsWith('shortcut.pdf'))
    expect(link).toMatchObject({ status: 'failed', code: 'SKIPPED_SYMLINK' })
    expect(link.remedy).toMatch(/Add the file or folder the link points to directly/)
  })

  it('search --json returns ranked passages with file and 1-based pages', async () => {
    const { docs, file, lib } = await smallLibrary()
    await cli('ingest', docs, '--library', lib, '--model-dir', TEST_MODEL_DIR, '--json')
    const r = await cli(
      'search',
      'which colour map is the default?',
      '--library',
      lib,
      '--model-dir',
      TEST_MODEL_DIR,
      '--json',
      '--k',
      '3',
    )
    expect(r.code).toBe(0)
    const res = JSON.parse(r.out.trim())
    expect(Object.keys(res).sort()).toEqual(['decision', 'declined', 'mode', 'query', 'results'])
    expect(res.decision).toMatchObject({ declined: false, reason: 'answered' })
    expect(res.mode).toBe('hybrid')
    expect(res.results[0]).toMatchObject({ rank: 1, file, pages: [2] })
    expect(Object.keys(res.results[0]).sort()).toEqual(['file', 'pages', 'rank', 'score', 'text'])
    expect(res.results.length).toBeLessThanOrEqual(3)
  })

  it('search --json and the printed list cite a Word passage by its locator, with no pages', async () => {
    const docs = tempDir()
    const lib = tempDir()
    const memo = path.join(docs, 'memo.docx')
    const filler = 'The archive keeps every ledger in the cellar, sorted by year and by parish. '.repeat(4)
    fs.writeFileSync(
      memo,
      makeDocx([
        { heading: '3 Remotes', level: 1 },
        { p: filler },
        { heading: '3.2 Fetching', level: 2 },
        { p: `The quartermaster fetches the ledgers every Tuesday. ${filler}` },
      ]),
    )
    expect((await cli('ingest', docs, '--library', lib, '--model-dir', 'none', '--json')).code).toBe(0)
    const r = await cli(
      'search',
      'quartermaster fetches ledgers',
      '--library',
      lib,
      '--model-dir',
      'none',
      '--json',
    )
    const res = JSON.parse(r.out.trim())
    expect(res.results[0]).toMatchObject({ file: memo, pages: [], locator: '3 Remotes > 3.2 Fetching' })
    const human = await cli(
      'search',
      'quartermaster fetches ledgers',
      '--library',
      lib,
      '--model-dir',
      'none',
    )
    expect(human.out).toContain('memo.docx, 3 Remotes > 3.2 Fetching')
    const listed = await cli('docs', '--library', lib)
    expect(listed.out).toMatch(/memo\.docx\)\s+Word, 2 passages|memo\.docx\)\s+Word, \d+ passage/)
  })

  it('search says when it is not sure its passages answer (an answer would leave it to the model)', async () => {
    const { docs, lib } = await smallLibrary()
    await cli('ingest', docs, '--library', lib, '--model-dir', 'none')
    const q = 'Does the installer copy the program and its manual pages into the Windows folder?'
    const r = await cli('search', q, '--library', lib, '--model-dir', 'none')
    expect(r.out).toContain(
      'these passages may not answer (None of the documents that match the question mentions “Windows”)',
    )
    const j = JSON.parse((await cli('search', q, '--library', lib, '--model-dir', 'none', '--json')).out)
    expect(j).toMatchObject({ declined: false, decision: { doubtful: true, reason: 'names-absent' } })
  })

  it('search says why it declined: what no document mentions', async () => {
    const { docs, lib } = await smallLibrary()
    await cli('ingest', docs, '--library', lib, '--model-dir', 'none')
    const r = await cli(
      'search',
      'Can the installer export to PowerPoint?',
      '--library',
      lib,
      '--model-dir',
      'none',
    )
    expect(r.code).toBe(0)
    expect(r.out).toContain(
      'nothing in the library seems to answer this (None of the documents that match the question mentions “PowerPoint”)',
    )
    const j = JSON.parse(
      (
        await cli(
          'search',
          'Can the installer export to PowerPoint?',
          '--library',
          lib,
          '--model-dir',
          'none',
          '--json',
        )
      ).out,
    )
    expect(j.decision).toMatchObject({ declined: true, reason: 'names-absent', decisive: ['PowerPoint'] })
  })

  it('a question beyond the limit is refused as QUESTION_TOO_LONG by search, ask and a --queries line', async () => {
    const { docs, lib } = await smallLibrary()
    await cli('ingest', docs, '--library', lib, '--model-dir', 'none')
    const long = Array(1000).fill('installer').join(' ')
    for (const command of ['search', 'ask']) {
      const r = await cli(command, long, '--library', lib, '--model-dir', 'none')
      expect(r.code).toBe(1)
      expect(r.err).toMatch(/is 9,999 characters long; a question may be at most 4,000/)
      const j = await cli(command, long, '--library', lib, '--model-dir', 'none', '--json')
      expect(JSON.parse(j.out.trim().split('\n')[0]!)).toMatchObject({ error: { code: 'QUESTION_TOO_LONG' } })
    }
    const q = path.join(tempDir(), 'q.jsonl')
    fs.writeFileSync(q, JSON.stringify({ id: 'long', query: long }) + '\n')
    const r = await cli('search', '--queries', q, '--library', lib, '--model-dir', 'none', '--json')
    expect(r.err).toContain('QUESTION_TOO_LONG')
  })

  it('search --queries runs a JSONL batch and prints one object per line with its id', async () => {
    const { docs, lib } = await smallLibrary()
    await cli('ingest', docs, '--library', lib, '--json')
    const q = path.join(tempDir(), 'q.jsonl')
    fs.writeFileSync(
      q,
      [
        JSON.stringify({ id: 'a', query: 'how do I choose the install folder?', context: [] }),
        JSON.stringify({ id: 'b', query: 'and its default?', context: ['which colour map does it use?'] }),
      ].join('\n'),
    )
    const r = await cli('search', '--queries', q, '--library', lib, '--json')
    expect(r.code).toBe(0)
    const lines = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.map((l) => l.id)).toEqual(['a', 'b'])
    expect(lines[0].mode).toBe('keyword')
    expect(lines[0].results[0].pages).toEqual([1])
    expect(lines[1].results[0].pages).toEqual([2])
  })

  it('ingest exits 1 when every file failed, 0 when some were imported', async () => {
    const { docs, lib } = await smallLibrary()
    const broken = tempDir()
    fs.writeFileSync(path.join(broken, 'a.pdf'), 'not a pdf at all')
    fs.writeFileSync(path.join(broken, 'b.pdf'), '')
    const failed = await cli('ingest', broken, '--library', lib, '--model-dir', 'none', '--json')
    expect(failed.code).toBe(1)
    // The report is still printed: each file says why it failed.
    expect(JSON.parse(failed.out).documents.map((d: { status: string }) => d.status)).toEqual([
      'failed',
      'failed',
    ])
    const human = await cli('ingest', broken, '--library', lib, '--model-dir', 'none')
    expect(human.code).toBe(1)
    expect(human.out).toContain('0 indexed, 0 skipped, 2 failed')
    const mixed = await cli('ingest', docs, broken, '--library', lib, '--model-dir', 'none')
    expect(mixed.code).toBe(0)
    expect(mixed.out).toContain('1 indexed, 0 skipped, 2 failed')
    // Already in the library is not a failure either.
    expect((await cli('ingest', docs, '--library', lib, '--model-dir', 'none')).code).toBe(0)
  })

  it('docs lists documents and remove deletes one', async () => {
    const { docs, file, lib } = await smallLibrary()
    await cli('ingest', docs, '--library', lib, '--json')
    const listed = JSON.parse((await cli('docs', '--library', lib, '--json')).out)
    expect(listed.documents.map((d: { path: string }) => d.path)).toEqual([file])
    expect((await cli('remove', file, '--library', lib)).code).toBe(0)
    expect(JSON.parse((await cli('docs', '--library', lib, '--json')).out).documents).toEqual([])
    const missing = await cli('remove', file, '--library', lib)
    expect(missing.code).toBe(1)
    expect(missing.err).toMatch(/not in the library/)
    // Worded as every other command's failure: the message, then its code.
    expect(missing.err).toMatch(/^quire: .* \[DOCUMENT_NOT_FOUND\]\n/)
    const byId = await cli('remove', '42', '--library', lib)
    expect(byId.code).toBe(1)
    expect(byId.err).toContain('[DOCUMENT_NOT_FOUND]')
  })

  it('docs marks what an older version indexed; ingest --outdated re-indexes it, then has nothing to do', async () => {
    const { docs, file, lib } = await smallLibrary()
    expect((await cli('ingest', '--library', lib, '--model-dir', 'none')).code).toBe(2)
    await cli('ingest', docs, '--library', lib, '--model-dir', 'none')
    const db = new Database(path.join(lib, DB_FILE))
    db.prepare('UPDATE documents SET index_version = 1').run()
    db.close()
    const listed = await cli('docs', '--library', lib)
    expect(listed.out).toContain(OUTDATED_LABEL)
    expect(listed.out).toContain(`quire ingest --outdated --library ${lib}`)
    expect(JSON.parse((await cli('docs', '--library', lib, '--json')).out).documents).toMatchObject([
      { path: file, outdated: true },
    ])
    const again = JSON.parse(
      (await cli('ingest', '--outdated', '--library', lib, '--model-dir', 'none', '--json')).out,
    )
    expect(again.documents).toMatchObject([{ file, status: 'indexed', reindex: true }])
    expect((await cli('docs', '--library', lib)).out).not.toContain(OUTDATED_LABEL)
    const none = await cli('ingest', '--outdated', '--library', lib, '--model-dir', 'none')
    expect(none).toMatchObject({ code: 0, out: `${NOTHING_OUTDATED}\n` })
  })

  it('reports usage errors without a stack trace', async () => {
    const r = await cli('search', '--k', 'zero', 'x')
    expect(r.code).not.toBe(0)
    expect(r.err).toMatch(/--k/)
    expect(r.err).not.toMatch(/\bat .*\.ts:\d+/)
  })

  it('--version prints the package version', async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../package.json'), 'utf8'))
    const r = await cli('--version')
    expect(r.code).toBe(0)
    expect(r.out.trim()).toBe(pkg.version)
  })

  it('a mistyped --library is an error for every command but ingest, which creates it', async () => {
    const typo = path.join(tempDir(), 'no-such-library')
    for (const args of [['search', 'x'], ['ask', 'x'], ['docs'], ['conversations'], ['remove', '1']]) {
      const r = await cli(...args, '--library', typo)
      expect(r.code, args.join(' ')).toBe(1)
      expect(r.err).toContain(`There is no Quire library at --library ${typo}`)
      expect(r.err).toContain('[LIBRARY_NOT_FOUND]')
      expect(fs.existsSync(typo)).toBe(false)
    }
    for (const args of [['docs'], ['ask', 'x'], ['search', 'x']]) {
      // --json callers get the failure as one JSON object on stdout as well.
      const r = await cli(...args, '--library', typo, '--json')
      expect(r.code).toBe(1)
      expect(JSON.parse(r.out.trim())).toMatchObject({ error: { code: 'LIBRARY_NOT_FOUND' } })
    }
    const { docs } = await smallLibrary()
    expect((await cli('ingest', docs, '--library', typo, '--json')).code).toBe(0)
    expect((await cli('docs', '--library', typo)).code).toBe(0)
  })

  it("without --library every command uses the app's library ($QUIRE_HOME/library)", async () => {
    const home = tempDir()
    const before = process.env.QUIRE_HOME
    process.env.QUIRE_HOME = home
    try {
      const missing = await cli('docs')
      expect(missing.code).toBe(1)
      expect(missing.err).toContain(`the app's library (${path.join(home, 'library')})`)
      const { docs, file } = await smallLibrary()
      expect((await cli('ingest', docs, '--json')).code).toBe(0)
      expect(fs.existsSync(path.join(home, 'library', 'library.sqlite'))).toBe(true)
      const listed = JSON.parse((await cli('docs', '--json')).out)
      expect(listed.documents.map((d: { path: string }) => d.path)).toEqual([file])
      const hits = JSON.parse((await cli('search', 'palette colour map', '--json')).out)
      expect(hits.results.length).toBeGreaterThan(0)
      // A model imported in the app's Settings is the CLI's model too (no --model-dir needed).
      fs.writeFileSync(
        path.join(home, 'settings.json'),
        JSON.stringify({ embeddingModelDir: TEST_MODEL_DIR }),
      )
      // The library has no vectors yet: the first search answers from keywords while they are
      // made and saved (read-library.ts); the next one searches them.
      const first = await cli('search', 'palette colour map', '--json')
      expect(JSON.parse(first.out).mode).toBe('keyword')
      expect(first.err).toContain('The vector index is rebuilt and saved.')
      const hybrid = JSON.parse((await cli('search', 'palette colour map', '--json')).out)
      expect(hybrid.mode).toBe('hybrid')
    } finally {
      if (before === undefined) delete process.env.QUIRE_HOME
      else process.env.QUIRE_HOME = before
    }
  })
})
