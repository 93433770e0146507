// The library and model folders a command line names, and what it says when they cannot be used:
// each case its own code and what to do, never INTERNAL with "Retry", never a silent fallback.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { cli } from '@tests/helpers/run-cli.js'
import { corruptLeafOf } from '@tests/helpers/corrupt-page.js'
import { CAN_MOUNT_TMPFS } from '@tests/helpers/small-tmpfs.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import { DB_FILE } from '../engine/store/library-files.js'

const tempDir = useTempDirs()

/** The code a failing command printed: `[CODE]` at the end of its error line. */
const codeOf = (err: string) => /\[([A-Z_]+)\]\n/.exec(err)?.[1] ?? null

async function libraryWithOneDocument(): Promise<{ lib: string; pdf: string }> {
  const docs = tempDir()
  const pdf = path.join(docs, 'granite.pdf')
  fs.writeFileSync(pdf, await makeTextPdf(sampleTextSpec('granite quarry survey', 4)))
  const lib = tempDir()
  expect((await cli('ingest', pdf, '--library', lib, '--model-dir', 'none', '--json')).code).toBe(0)
  return { lib, pdf }
}

const startDir = process.cwd()
afterEach(() => process.chdir(startDir))

describe('--library that cannot be a library', () => {
  it('an empty or blank --library is an error, never the current folder (browser mode: server/browser-mode.test.ts)', async () => {
    const cwd = tempDir()
    fs.writeFileSync(path.join(cwd, 'notes.txt'), 'mine')
    const pdf = path.join(tempDir(), 'a.pdf')
    fs.writeFileSync(pdf, await makeTextPdf(sampleTextSpec('basalt', 1)))
    process.chdir(cwd)
    for (const given of ['', '   ']) {
      const r = await cli('ingest', pdf, '--library', given, '--model-dir', 'none')
      expect(r.code).toBe(1)
      expect(codeOf(r.err)).toBe('LIBRARY_PATH_EMPTY')
      expect(r.err).toContain('leave --library out')
      expect(codeOf((await cli('docs', '--library', given)).err)).toBe('LIBRARY_PATH_EMPTY')
    }
    // Before the fix the current folder became the library.
    expect(fs.readdirSync(cwd)).toEqual(['notes.txt'])
  })

  it('--library naming a file, or a folder of the kernel, gets its own code', async () => {
    const file = path.join(tempDir(), 'report.pdf')
    fs.writeFileSync(file, 'mine')
    for (const cmd of [['docs'], ['ingest', file, '--model-dir', 'none']]) {
      const r = await cli(...cmd, '--library', file)
      expect(codeOf(r.err), cmd.join(' ')).toBe('LIBRARY_NOT_A_FOLDER')
      expect(r.err).toContain('is a file, not a folder')
    }
    expect(fs.readFileSync(file, 'utf8')).toBe('mine')
    // A folder where SQLite cannot make its file (here a folder of that name is in the way).
    const blocked = tempDir()
    fs.mkdirSync(path.join(blocked, DB_FILE))
    const r = await cli('ingest', file, '--library', blocked, '--model-dir', 'none')
    expect(codeOf(r.err)).toBe('LIBRARY_CANNOT_OPEN')
    expect(r.err).toContain(`The library database ${path.join(blocked, DB_FILE)} cannot be opened or created`)
    expect(r.err).toContain("also holds 1 item that is not Quire's (library.sqlite). Quire leaves it alone")
    if (process.platform === 'linux') {
      for (const cmd of [['docs'], ['ingest', file, '--model-dir', 'none']]) {
        const r = await cli(...cmd, '--library', '/proc/self')
        expect(codeOf(r.err), cmd.join(' ')).toBe('LIBRARY_SYSTEM_FOLDER')
      }
    }
  })

  it('a --library folder that holds other files says so, and what Delete does with them', async () => {
    const { lib } = await libraryWithOneDocument()
    expect((await cli('docs', '--library', lib)).err).toBe('')
    fs.writeFileSync(path.join(lib, 'notes.txt'), 'mine')
    fs.mkdirSync(path.join(lib, 'Q3'))
    const r = await cli('docs', '--library', lib)
    expect(r.code).toBe(0)
    expect(r.err).toContain(
      `the library folder ${lib} also holds 2 items that are not Quire's (Q3, notes.txt)`,
    )
    expect(r.err).toContain("deleting the library removes only Quire's own files")
  })
})

describe('other command-line inputs', () => {
  it('search --queries of a missing file says so before anything else', async () => {
    const { lib } = await libraryWithOneDocument()
    const missing = path.join(lib, 'nope.jsonl')
    const r = await cli('search', '--queries', missing, '--library', lib, '--model-dir', 'none')
    expect(r.code).toBe(1)
    expect(codeOf(r.err)).toBe('QUERIES_NOT_FOUND')
    expect(r.err).toContain(`--queries ${missing}: there is no such file`)
  })

  it('--model-dir naming a missing folder is an error; --model-dir none is keyword-only on purpose', async () => {
    const { lib } = await libraryWithOneDocument()
    const missing = path.join(tempDir(), 'no-model-here')
    for (const cmd of [['search', 'granite'], ['check'], ['ingest', missing]]) {
      const r = await cli(...cmd, '--library', lib, '--model-dir', missing)
      expect(r.code, cmd.join(' ')).toBe(1)
      expect(codeOf(r.err), cmd.join(' ')).toBe('MODEL_DIR_NOT_FOUND')
      expect(r.err).toContain('--model-dir none for keyword-only search')
    }
    const notAModel = tempDir()
    expect(codeOf((await cli('search', 'granite', '--library', lib, '--model-dir', notAModel)).err)).toBe(
      'MODEL_INVALID',
    )
    const keyword = await cli('search', 'granite', '--library', lib, '--model-dir', 'none', '--json')
    expect(keyword.code).toBe(0)
    expect(JSON.parse(keyword.out)).toMatchObject({ mode: 'keyword' })
    expect((await cli('search', 'granite', '--library', lib, '--model-dir', TEST_MODEL_DIR)).code).toBe(0)
  })
})

describe('libraries that cannot be written into', () => {
  it('a library from a newer version has its own code and remedy, and is left unchanged', async () => {
    const { lib } = await libraryWithOneDocument()
    const db = new Database(path.join(lib, DB_FILE))
    db.pragma('user_version = 999')
    db.close()
    const before = fs.readFileSync(path.join(lib, DB_FILE))
    for (const cmd of [
      ['docs'],
      ['search', 'granite', '--model-dir', 'none'],
      ['check', '--model-dir', 'none'],
    ]) {
      const r = await cli(...cmd, '--library', lib)
      expect(r.code, cmd.join(' ')).toBe(1)
      expect(codeOf(r.err), cmd.join(' ')).toBe('LIBRARY_TOO_NEW')
      expect(r.err).toContain('Update Quire to open it')
      expect(r.err).not.toContain('Retry')
    }
    const json = await cli('docs', '--library', lib, '--json')
    expect(JSON.parse(json.out)).toMatchObject({ error: { code: 'LIBRARY_TOO_NEW' } })
    expect(fs.readFileSync(path.join(lib, DB_FILE)).equals(before)).toBe(true)
  })

  it('a damaged library says so in a line or two, with counts; check --json keeps the listing', async () => {
    const { lib, pdf } = await libraryWithOneDocument()
    corruptLeafOf(path.join(lib, DB_FILE), 'chunks')
    const r = await cli('ingest', pdf, '--library', lib, '--model-dir', 'none')
    expect(codeOf(r.err)).toBe('LIBRARY_DAMAGED')
    const message = r.err.split('\n').find((l) => l.startsWith('quire: '))!
    expect(message).toMatch(/SQLite's check found (1 problem|\d+ problems)/)
    expect(message).toContain('quire check --json')
    expect(message.length).toBeLessThan(600)
    const human = await cli('check', '--library', lib, '--model-dir', 'none')
    expect(human.code).toBe(1)
    expect(human.out.split('\n').filter(Boolean).length).toBeLessThanOrEqual(3)
    const checked = JSON.parse(
      (await cli('check', '--library', lib, '--model-dir', 'none', '--json')).out,
    ) as {
      ok: boolean
      problems: string[]
    }
    expect(checked.ok).toBe(false)
    expect(checked.problems.length).toBeGreaterThan(0)
    // The summary counts the lines of the full listing.
    const lines = checked.problems
      .flatMap((p) => p.split('\n'))
      .map((l) => l.trim())
      .filter((l) => l && !/^\*\*\* in database/.test(l))
    expect(human.out).toContain(lines.length === 1 ? '1 problem' : `${lines.length} problems`)
  })

  // A read-only mount: root writes through file permissions, not through a read-only file system.
  it.skipIf(!CAN_MOUNT_TMPFS)(
    'a read-only library can be read (docs, search, check); only writes fail with LIBRARY_READ_ONLY',
    async () => {
      const { lib, pdf } = await libraryWithOneDocument()
      execFileSync('mount', ['--bind', lib, lib])
      try {
        execFileSync('mount', ['-o', 'remount,bind,ro', lib])
        const docs = await cli('docs', '--library', lib, '--json')
        expect(docs.err).toBe('')
        expect(JSON.parse(docs.out).documents).toMatchObject([{ status: 'indexed' }])
        const search = await cli(
          'search',
          'granite quarry',
          '--library',
          lib,
          '--model-dir',
          'none',
          '--json',
        )
        expect(search.code).toBe(0)
        expect(JSON.parse(search.out).results.length).toBeGreaterThan(0)
        const check = await cli('check', '--library', lib, '--model-dir', 'none')
        expect(check).toMatchObject({ code: 0, out: 'The library is sound: no damage found.\n' })
        expect((await cli('conversations', '--library', lib)).code).toBe(0)
        for (const cmd of [
          ['ingest', pdf],
          ['remove', pdf],
          ['check', '--repair'],
        ]) {
          const r = await cli(...cmd, '--library', lib, '--model-dir', 'none')
          expect(codeOf(r.err), cmd.join(' ')).toBe('LIBRARY_READ_ONLY')
        }
      } finally {
        execFileSync('umount', [lib])
      }
      // Nothing was written while it was read-only: the folder holds what the import left.
      expect(fs.readdirSync(lib).filter((f) => f.startsWith(DB_FILE))).toEqual([DB_FILE])
    },
  )
})
