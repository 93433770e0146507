import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { IngestProgress, IngestReport } from '@shared/library-types.js'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { tempServices } from '@tests/helpers/temp-services.js'
import { batchFraction, estimateEtaSeconds } from '@shared/ingest-progress.js'
import { acquireImportLock } from '../engine/ingest/import-lock.js'
import { DEFAULT_ANSWER_PASSAGES } from '../engine/answer/answer-passages.js'
import { DEFAULT_TUNING } from '../engine/retrieve/tuning.js'
import { OpenLibrary } from '../engine/open-library/open-library.js'
import { ConversationsService, exportFileName } from './conversations-service.js'
import { safeFileName, safeRelativePath, saveUploads } from './save-uploads.js'
import { SETTINGS_FILE, SettingsService } from './settings-service.js'
import { STAGING_FOLDER, UploadStaging } from './upload-staging.js'

let tmp: string
beforeEach(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-services-'))
})
afterEach(() => fs.rm(tmp, { recursive: true, force: true }))

const progress = (p: Partial<IngestProgress>): IngestProgress => ({
  stage: 'embedding',
  file: 'a.pdf',
  done: 0,
  total: 10,
  filesDone: 0,
  filesTotal: 2,
  ...p,
})

describe('import ETA', () => {
  it('counts finished files and the current file by stage', () => {
    expect(batchFraction(progress({ stage: 'done', filesDone: 2 }))).toBe(1)
    expect(batchFraction(progress({ stage: 'reading', done: 0, filesDone: 1 }))).toBeCloseTo(0.5)
    const mid = batchFraction(progress({ done: 5 }))
    expect(mid).toBeGreaterThan(0.25)
    expect(mid).toBeLessThan(0.5)
  })

  it('extrapolates elapsed time, and says nothing too early', () => {
    expect(estimateEtaSeconds(progress({ stage: 'reading', done: 0 }), 10_000)).toBeNull()
    expect(estimateEtaSeconds(progress({ stage: 'done', filesDone: 1 }), 500)).toBeNull()
    expect(estimateEtaSeconds(progress({ stage: 'done', filesDone: 1 }), 10_000)).toBe(10)
    expect(estimateEtaSeconds(progress({ stage: 'done', filesDone: 2 }), 10_000)).toBe(0)
  })
})

describe('conversations service', () => {
  it('lists search results with the matching line; a title match has no snippet', async () => {
    const owner = await OpenLibrary.open(path.join(tmp, 'library'))
    try {
      const store = owner.conversations
      const a = store.create('Steel')
      store.addMessage({
        conversationId: a.id,
        role: 'assistant',
        text: 'The plant produced 4,200 tonnes [1].',
      })
      const b = store.create('Quarterly revenue questions')
      const service = new ConversationsService(() => owner)
      expect(service.list('plant')).toEqual([
        expect.objectContaining({ id: a.id, snippet: 'The [[plant]] produced 4,200 tonnes [1].' }),
      ])
      const [title] = service.list('quarterly')
      expect(title!.id).toBe(b.id)
      expect(title!.snippet).toBeUndefined()
    } finally {
      await owner.close()
    }
  })
})

describe('settings', () => {
  it('defaults to the local Ollama, persists changes and reports the first run', async () => {
    const first = new SettingsService(tmp)
    expect(first.firstRun).toBe(true)
    // Retrieval settings start at the evaluated defaults (answerer and tuning.ts).
    expect(first.get()).toEqual({
      ollamaHost: 'http://127.0.0.1:11434',
      model: null,
      ocr: true,
      answerPassages: DEFAULT_ANSWER_PASSAGES,
      minCoverage: DEFAULT_TUNING.minCoverage,
      summarizeWhenIdle: false,
      // Query help is off until the user turns it on (docs/query-help.md).
      queryHelp: 'off',
      contextHeaders: false,
    })
    first.set({
      ollamaHost: 'gpu-box:11434/',
      model: ' llama3.2 ',
      ocr: false,
      answerPassages: 3,
      minCoverage: 0.4,
      summarizeWhenIdle: true,
      queryHelp: 'hyde',
      contextHeaders: true,
    })
    const again = new SettingsService(tmp)
    expect(again.firstRun).toBe(false)
    expect(again.get()).toEqual({
      ollamaHost: 'http://gpu-box:11434',
      model: 'llama3.2',
      ocr: false,
      answerPassages: 3,
      minCoverage: 0.4,
      summarizeWhenIdle: true,
      queryHelp: 'hyde',
      contextHeaders: true,
    })
  })

  it('refuses non-http hosts and survives a corrupt file', async () => {
    const s = new SettingsService(tmp)
    expect(() => s.set({ ollamaHost: 'ftp://x' })).toThrow(/http/)
    await fs.writeFile(path.join(tmp, SETTINGS_FILE), '{ broken')
    expect(new SettingsService(tmp).get().ollamaHost).toBe('http://127.0.0.1:11434')
    await fs.writeFile(
      path.join(tmp, SETTINGS_FILE),
      JSON.stringify({
        ollamaHost: 7,
        model: 'm',
        answerPassages: 99,
        minCoverage: -1,
        summarizeWhenIdle: 'yes',
        queryHelp: 'always',
        contextHeaders: 'yes',
      }),
    )
    expect(new SettingsService(tmp).get()).toEqual({
      ollamaHost: 'http://127.0.0.1:11434',
      model: 'm',
      ocr: true,
      answerPassages: DEFAULT_ANSWER_PASSAGES,
      minCoverage: DEFAULT_TUNING.minCoverage,
      summarizeWhenIdle: false,
      queryHelp: 'off',
      contextHeaders: false,
    })
  })
})

/** Streams `bytes` into staging as the upload route would, and claims them. */
async function stageUpload(staging: UploadStaging, name: string, bytes: string | Uint8Array) {
  const buf = Buffer.from(bytes)
  const id = await staging.receive(async (write) => {
    await write(buf)
    return buf.length
  })
  return { name, ...staging.take(id) }
}

describe('uploads', () => {
  it('keeps only a safe base name', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd')
    expect(safeFileName('C:\\Users\\x\\report.pdf')).toBe('report.pdf')
    expect(safeFileName('..')).toBe('upload')
    expect(safeFileName('a<b>:c?.pdf')).toBe('a_b_c_.pdf')
  })

  let staging: UploadStaging
  beforeEach(() => {
    staging = new UploadStaging(path.join(tmp, STAGING_FOLDER))
  })
  const staged = (name: string, text: string) => stageUpload(staging, name, text)

  it('saves under <library>/imported, reusing identical files and numbering clashes', async () => {
    const {
      saved: [a],
    } = await saveUploads(tmp, [await staged('../x.pdf', 'one')])
    expect(a).toBe(path.join(tmp, 'imported', 'x.pdf'))
    const {
      saved: [same],
    } = await saveUploads(tmp, [await staged('x.pdf', 'one')])
    expect(same).toBe(a)
    const {
      saved: [other],
    } = await saveUploads(tmp, [await staged('x.pdf', 'two')])
    expect(other).toBe(path.join(tmp, 'imported', 'x (2).pdf'))
    // Every staged copy was moved or deleted: nothing is left waiting.
    expect(await fs.readdir(staging.dir)).toEqual([])
    expect(() => staging.take('not-an-id')).toThrow(/not waiting/)
  })

  it('keeps the folders of a dropped folder, never leaving the upload folder', async () => {
    expect(safeRelativePath('Q3/report.pdf')).toBe(path.join('Q3', 'report.pdf'))
    expect(safeRelativePath('../../etc/passwd')).toBe(path.join('etc', 'passwd'))
    expect(safeRelativePath('a\\..\\b/./c.pdf')).toBe(path.join('a', 'b', 'c.pdf'))
    const r = await saveUploads(tmp, [
      await staged('Q3/report.pdf', '%PDF'),
      await staged('Q4/report.pdf', '%PDF2'),
    ])
    expect(r.saved).toEqual([
      path.join(tmp, 'imported', 'Q3', 'report.pdf'),
      path.join(tmp, 'imported', 'Q4', 'report.pdf'),
    ])
  })

  it('judges each upload on its own: an empty file is reported, the others are saved', async () => {
    const r = await saveUploads(tmp, [await staged('good.pdf', '%PDF-1.4'), await staged('x.pdf', '')])
    expect(r.saved).toEqual([path.join(tmp, 'imported', 'good.pdf')])
    expect(r.rejected).toMatchObject([{ file: 'x.pdf', status: 'failed', errorCode: 'PDF_EMPTY_FILE' }])
    // What happened; the remedy is shown beside it, from its code, once.
    expect(r.rejected[0]!.error).toBe('x.pdf is empty (0 bytes).')
    expect(await fs.readdir(path.join(tmp, 'imported'))).toEqual(['good.pdf'])
    expect(await fs.readdir(staging.dir)).toEqual([])
  })
})

describe('conversation export file name', () => {
  it('removes characters file systems refuse', () => {
    expect(exportFileName('Q3 results: what/why?')).toBe('Q3 results what why.md')
    expect(exportFileName('  ...  ')).toBe('conversation.md')
  })
})

describe('import queue', () => {
  it('runs one job at a time, cancels queued jobs, and reports failures as a report', async () => {
    const env = await tempServices()
    try {
      const events: { event: string; payload: unknown }[] = []
      env.services.events.subscribe((event, payload) => events.push({ event, payload }))
      const missing = path.join(env.tmp, 'missing.pdf')
      const first = env.services.imports.enqueue([missing])
      const second = env.services.imports.enqueue([missing])
      env.services.imports.cancel(second)
      await env.services.imports.idle()
      const done = events.filter((e) => e.event === 'library.importDone') as {
        payload: {
          jobId: string
          report: { cancelled: boolean; documents: { status: string; errorCode: string }[] }
        }
      }[]
      expect(done.map((d) => d.payload.jobId)).toEqual([second, first])
      expect(done[0]!.payload.report).toMatchObject({
        cancelled: true,
        documents: [{ errorCode: 'CANCELLED' }],
      })
      expect(done[1]!.payload.report.documents[0]).toMatchObject({ status: 'failed' })
      expect(events.some((e) => e.event === 'library.changed')).toBe(true)
    } finally {
      await env.dispose()
    }
  })

  it(
    'a job whose library another process is importing into waits, says so, then imports',
    { timeout: 150_000 },
    async () => {
      const env = await tempServices()
      try {
        const { services } = env
        const pdf = path.join(env.tmp, 'waits.pdf')
        await fs.writeFile(pdf, await makeTextPdf(sampleTextSpec('waiting turn granite', 2)))
        const stages: IngestProgress[] = []
        const done: IngestReport[] = []
        services.events.subscribe((event, payload) => {
          if (event === 'library.progress') stages.push((payload as { progress: IngestProgress }).progress)
          if (event === 'library.importDone') done.push((payload as { report: IngestReport }).report)
        })
        // Another process's import (here: this process holding the same lock) runs meanwhile.
        const other = acquireImportLock(services.library.dir)
        services.imports.enqueue([pdf])
        try {
          while (!stages.some((p) => p.stage === 'waiting') && done.length === 0)
            await new Promise((r) => setTimeout(r, 20))
        } finally {
          other.release()
        }
        await services.imports.idle()
        expect(stages.find((p) => p.stage === 'waiting')?.message).toMatch(
          /^Waiting for the import in progress/,
        )
        // Before the fix the job failed at once with IMPORT_RUNNING.
        expect(done[0]!.documents).toMatchObject([{ file: pdf, status: 'indexed' }])
      } finally {
        await env.dispose()
      }
    },
  )

  // Real worker thread (engine from sources through tsx): slow under load.
  it(
    'imports the good uploads of a batch with a bad one and leaves no stray copies',
    { timeout: 150_000 },
    async () => {
      const env = await tempServices()
      try {
        const { services } = env
        const dir = path.join(services.library.dir, 'imported')
        const done: IngestReport[] = []
        services.events.subscribe((event, payload) => {
          if (event === 'library.importDone') done.push((payload as { report: IngestReport }).report)
        })
        const good = await makeTextPdf(sampleTextSpec('hydrology', 2))
        const { saved, rejected } = await saveUploads(services.library.dir, [
          await stageUpload(services.uploads, 'manual.pdf', good),
          await stageUpload(services.uploads, 'x.pdf', ''),
          await stageUpload(services.uploads, 'copy of manual.pdf', good),
        ])
        services.imports.enqueue(saved, { copies: saved, rejected })
        await services.imports.idle()
        const report = done.at(-1)!
        const byName = Object.fromEntries(report.documents.map((d) => [path.basename(d.file), d]))
        expect(byName['x.pdf']).toMatchObject({ status: 'failed', errorCode: 'PDF_EMPTY_FILE' })
        expect(byName['manual.pdf']).toMatchObject({ status: 'indexed' })
        expect(byName['copy of manual.pdf']).toMatchObject({ status: 'skipped' })
        // The duplicate's copy is gone; the imported document's copy stays with it.
        expect(await fs.readdir(dir)).toEqual(['manual.pdf'])

        // A cancelled batch deletes the copies it never read.
        const more = await saveUploads(services.library.dir, [
          await stageUpload(services.uploads, 'later.pdf', await makeTextPdf(sampleTextSpec('geology', 1))),
        ])
        const blocker = services.imports.enqueue([path.join(env.tmp, 'missing.pdf')])
        const queued = services.imports.enqueue(more.saved, { copies: more.saved })
        services.imports.cancel(queued)
        await services.imports.idle()
        expect(blocker).toBeTruthy()
        expect(done.at(-2)!.documents).toMatchObject([{ errorCode: 'CANCELLED' }])
        expect(await fs.readdir(dir)).toEqual(['manual.pdf'])

        // Removing the document deletes its copy.
        const doc = services.library.documents().find((d) => d.status === 'indexed')!
        await services.library.remove(doc.id)
        expect(await fs.readdir(dir)).toEqual([])

        // "Delete this library" removes everything and leaves an empty, working library.
        await services.conversations.list()
        await services.deleteLibrary()
        expect(services.library.documents()).toEqual([])
        expect(await fs.readdir(services.library.dir)).not.toContain('imported')
        expect((await services.library.search('hydrology')).results).toEqual([])
      } finally {
        await env.dispose()
      }
    },
  )
})
