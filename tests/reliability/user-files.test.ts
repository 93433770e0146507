// A library folder the user also keeps their own files in (`--library ~/reports`): every route and
// command that writes or deletes in a library folder is run against it, and afterwards every file
// Quire did not make is still there, byte for byte. Delete once ran a recursive delete of the whole
// folder (both PDFs, a sub-folder and notes.txt went with it); a stray name in `sessions/` or
// `.uploading/` was deleted as a dead session or a stale upload.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { cli } from '@tests/helpers/run-cli.js'
import { corruptLeafOf } from '@tests/helpers/corrupt-page.js'
import { tempServices } from '@tests/helpers/temp-services.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import { createHandlers } from '../../src/main/ipc/create-handlers.js'
import { createRouter } from '../../src/main/ipc/router.js'
import { DB_FILE } from '../../src/main/engine/store/library-files.js'

const tempDir = useTempDirs()

/** Every file under `dir` that is not Quire's, with its bytes' hash: what must survive. */
function snapshot(dir: string, files: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const rel of files) {
    const bytes = fs.readFileSync(path.join(dir, rel))
    out[rel] = createHash('sha256').update(bytes).digest('hex')
  }
  return out
}

/** Fills `dir` with the user's own files: PDFs, a sub-folder, notes, and names inside Quire's folders. */
async function userFiles(dir: string): Promise<string[]> {
  const files: Record<string, string | Uint8Array> = {
    'annual report.pdf': await makeTextPdf(sampleTextSpec('basalt quarry annual', 2)),
    'budget.pdf': await makeTextPdf(sampleTextSpec('granite budget forecast', 2)),
    'Q3/summary.pdf': await makeTextPdf(sampleTextSpec('limestone summary quarter', 2)),
    'Q3/drafts/outline.txt': 'first draft\n',
    // A folder of the user's that has the name browser mode gives its upload copies.
    'imported/mine.pdf': await makeTextPdf(sampleTextSpec('slate roofing imported', 1)),
    'notes.txt': 'call the surveyor on Monday\n',
    // Names inside the folders Quire makes are the user's too unless Quire made them.
    'sessions/README.txt': 'my own sessions folder\n',
    '.uploading/partial.txt': 'not an upload\n',
  }
  for (const [rel, bytes] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    fs.writeFileSync(path.join(dir, rel), bytes)
  }
  return Object.keys(files)
}

describe("a library folder that holds the user's own files", () => {
  it(
    'keeps every one of them, byte for byte, through every command and route that writes or deletes',
    { timeout: 300_000 },
    async () => {
      const lib = path.join(tempDir(), 'reports')
      fs.mkdirSync(lib)
      const mine = await userFiles(lib)
      const before = snapshot(lib, mine)
      const intact = (step: string) => expect(snapshot(lib, mine), step).toEqual(before)
      const withLib = ['--library', lib, '--model-dir', TEST_MODEL_DIR]

      // The CLI: import the folder into itself, read, re-index, check, repair, remove.
      expect((await cli('ingest', lib, ...withLib, '--json')).code).toBe(0)
      intact('ingest')
      expect((await cli('docs', '--library', lib)).code).toBe(0)
      expect((await cli('search', 'basalt', ...withLib)).code).toBe(0)
      intact('docs, search')
      const db = new Database(path.join(lib, DB_FILE))
      db.exec('UPDATE documents SET index_version = 0')
      db.close()
      expect((await cli('ingest', '--outdated', ...withLib, '--json')).code).toBe(0)
      intact('re-index')
      expect((await cli('check', ...withLib)).code).toBe(0)
      corruptLeafOf(path.join(lib, DB_FILE), 'chunks')
      expect((await cli('check', '--repair', ...withLib)).code).toBe(0)
      intact('check --repair')
      expect((await cli('remove', path.join(lib, 'budget.pdf'), ...withLib)).code).toBe(0)
      intact('remove')

      // The app's routes (desktop and browser mode share them), on the same folder.
      const env = await tempServices({ libraryDir: lib, modelDir: TEST_MODEL_DIR })
      try {
        const shell = {
          shell: 'browser' as const,
          pickFiles: () => Promise.resolve([]),
          pdfUrl: (id: number) => `/api/pdf/${id}`,
        }
        const invoke = createRouter(createHandlers(env.services, shell), { log: () => undefined })
        const { services } = env
        services.imports.enqueue([lib])
        await services.imports.idle()
        intact('import in the app')
        const uploadId = await services.uploads.receive(async (write) => {
          const bytes = Buffer.from(await makeTextPdf(sampleTextSpec('marble upload', 1)))
          await write(bytes)
          return bytes.length
        })
        expect(await invoke('library.upload', { files: [{ name: 'upload.pdf', uploadId }] })).toMatchObject({
          ok: true,
        })
        await services.imports.idle()
        expect(fs.existsSync(path.join(lib, 'imported', 'upload.pdf'))).toBe(true)
        // The same bytes as the user's imported/mine.pdf, uploaded under that name: a copy of its
        // own, never the user's file taken over as one.
        const same = fs.readFileSync(path.join(lib, 'imported', 'mine.pdf'))
        const sameId = await services.uploads.receive(async (write) => {
          await write(same)
          return same.length
        })
        await invoke('library.upload', { files: [{ name: 'mine.pdf', uploadId: sameId }] })
        await services.imports.idle()
        intact('upload of the same bytes under the same name')
        const db2 = new Database(path.join(lib, DB_FILE))
        db2.exec('UPDATE documents SET index_version = 0')
        db2.close()
        expect(await invoke('library.reindexOutdated', {})).toMatchObject({ ok: true })
        await services.imports.idle()
        intact('upload, re-index in the app')
        for (const name of ['annual report.pdf', path.join('imported', 'mine.pdf')]) {
          const doc = services.library.documents().find((d) => d.path === path.join(lib, name))!
          expect(await invoke('library.remove', { documentId: doc.id })).toEqual({ ok: true, data: {} })
        }
        intact('library.remove')
        expect(await invoke('library.check', { repair: true })).toMatchObject({ ok: true })
        intact('library.check repair')
        expect(await invoke('library.delete', { confirm: true })).toEqual({ ok: true, data: {} })
        intact('library.delete')
        // Delete removed Quire's own files: the upload copies, and every document from the index.
        expect(fs.readdirSync(path.join(lib, 'imported'))).toEqual(['mine.pdf'])
        expect(fs.existsSync(path.join(lib, 'sessions', 'README.txt'))).toBe(true)
        expect(fs.readdirSync(path.join(lib, 'sessions'))).toEqual(['README.txt'])
        expect(services.library.documents()).toEqual([])
      } finally {
        await env.dispose()
      }
      intact('closing the app')
    },
  )
})
