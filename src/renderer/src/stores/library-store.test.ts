import { describe, expect, it } from 'vitest'
import { createFakeApi, doc } from '@renderer/test/fake-api.js'
import { fileFraction } from '@shared/ingest-progress.js'
import { importableFormats } from '@shared/skipped-files.js'
import { setRelativePath } from '@renderer/lib/upload-name.js'
import { createLibraryStore } from './library-store.js'

describe('library store', () => {
  it('tracks per-file progress from events that arrive before the upload call returns', async () => {
    let release!: () => void
    const api = createFakeApi({
      'library.upload': () => new Promise((r) => (release = () => r({ jobId: 'j1' }))),
    })
    const store = createLibraryStore(api)
    const file = new File([new Uint8Array([37, 80, 68, 70])], 'a.pdf', { type: 'application/pdf' })
    const pending = store.getState().uploadFiles([file])
    await Promise.resolve()
    await new Promise((r) => setTimeout(r, 0))
    store.getState().onProgress({
      jobId: 'j1',
      progress: {
        stage: 'embedding',
        file: '/lib/imported/a.pdf',
        done: 1,
        total: 2,
        filesDone: 0,
        filesTotal: 1,
      },
      etaSeconds: 12,
    })
    release()
    await pending
    const job = store.getState().jobs[0]!
    expect(job.jobId).toBe('j1')
    expect(job.files).toHaveLength(1)
    expect(job.files[0]).toMatchObject({ name: 'a.pdf', stage: 'embedding' })
    expect(job.files[0]!.fraction).toBeCloseTo(fileFraction({ stage: 'embedding', done: 1, total: 2 }))
    expect(job.etaSeconds).toBe(12)
    expect(api.callsTo('library.upload')).toEqual([{ files: [{ name: 'a.pdf', uploadId: 'u1' }] }])
    expect(api.uploads.map((b) => Array.from(b))).toEqual([[37, 80, 68, 70]])
  })

  it('browser: keeps two report.pdf from dropped folders apart, by the path each was saved under', async () => {
    const api = createFakeApi({ 'library.upload': () => ({ jobId: 'j1' }) })
    const store = createLibraryStore(api)
    const pdf = () => new File([new Uint8Array([37, 80, 68, 70])], 'report.pdf', { type: 'application/pdf' })
    const [q3, q4] = [pdf(), pdf()]
    setRelativePath(q3, 'Q3/report.pdf')
    setRelativePath(q4, 'Q4/report.pdf')
    await store.getState().uploadFiles([q3, q4])
    expect(api.callsTo('library.upload')).toEqual([
      {
        files: [
          { name: 'Q3/report.pdf', uploadId: 'u1' },
          { name: 'Q4/report.pdf', uploadId: 'u2' },
        ],
      },
    ])
    const progress = (file: string, done: number) =>
      store.getState().onProgress({
        jobId: 'j1',
        progress: { stage: 'embedding', file, done, total: 4, filesDone: 0, filesTotal: 2 },
        etaSeconds: null,
      })
    progress('/lib/imported/Q4/report.pdf', 3)
    progress('/lib/imported/Q3/report.pdf', 1)
    const rows = () => store.getState().jobs[0]!.files
    expect(rows().map((f) => [f.key, f.name, f.path])).toEqual([
      ['Q3/report.pdf', 'report.pdf', '/lib/imported/Q3/report.pdf'],
      ['Q4/report.pdf', 'report.pdf', '/lib/imported/Q4/report.pdf'],
    ])
    expect(rows()[0]!.fraction).toBeLessThan(rows()[1]!.fraction)
    store.getState().onImportDone({
      jobId: 'j1',
      report: {
        cancelled: false,
        elapsedMs: 10,
        documents: [
          {
            file: '/lib/imported/Q4/report.pdf',
            status: 'failed',
            pages: 0,
            chunks: 0,
            error: 'bad',
            errorCode: 'PDF_CORRUPT',
          },
          {
            file: '/lib/imported/Q3/report.pdf',
            status: 'indexed',
            pages: 1,
            chunks: 1,
            error: null,
            errorCode: null,
          },
        ],
      },
    })
    expect(rows().map((f) => [f.key, f.stage])).toEqual([
      ['Q3/report.pdf', 'done'],
      ['Q4/report.pdf', 'failed'],
    ])
  })

  it('marks failed files with their code and reloads documents when the import is done', async () => {
    const api = createFakeApi({ 'library.documents': () => [doc(1)] })
    const store = createLibraryStore(api)
    store.getState().onImportDone({
      jobId: 'j2',
      report: {
        cancelled: false,
        elapsedMs: 10,
        documents: [
          { file: '/x/ok.pdf', status: 'indexed', pages: 2, chunks: 3, error: null, errorCode: null },
          {
            file: '/x/locked.pdf',
            status: 'failed',
            pages: 0,
            chunks: 0,
            error: 'encrypted',
            errorCode: 'PDF_ENCRYPTED',
          },
        ],
      },
    })
    const files = store.getState().jobs[0]!.files
    expect(files.map((f) => [f.name, f.stage, f.errorCode])).toEqual([
      ['ok.pdf', 'done', null],
      ['locked.pdf', 'failed', 'PDF_ENCRYPTED'],
    ])
    await new Promise((r) => setTimeout(r, 0))
    expect(store.getState().documents).toHaveLength(1)
  })

  it('searches all documents until some are unticked', async () => {
    const api = createFakeApi({ 'library.documents': () => [doc(1), doc(2), doc(3)] })
    const store = createLibraryStore(api)
    await store.getState().load()
    expect(store.getState().searchScope()).toBeUndefined()
    store.getState().toggle(2)
    expect(store.getState().searchScope()).toEqual([1, 3])
    store.getState().setAllChecked(true)
    expect(store.getState().searchScope()).toBeUndefined()
  })

  it('says which dropped files were skipped and why, and uploads the documents among them', async () => {
    const api = createFakeApi({ 'library.upload': () => ({ jobId: 'j3' }) })
    const store = createLibraryStore(api)
    await store.getState().uploadFiles([new File(['x'], 'archive.zip', { type: 'application/zip' })])
    expect(store.getState().notice).toBe(
      `Skipped a file Quire cannot import: archive.zip. Quire imports ${importableFormats()}; save the others in one of these formats (or as PDF) first.`,
    )
    expect(api.callsTo('library.upload')).toHaveLength(0)
    await store
      .getState()
      .uploadFiles([
        new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }),
        new File(['x'], 'draft.docx'),
        new File(['x'], 'archive.zip'),
        new File(['x'], 'setup.exe'),
        new File(['x'], 'fax.tiff', { type: 'image/tiff' }),
      ])
    expect(store.getState().notice).toMatch(
      /^Skipped 2 files Quire cannot import: archive\.zip, setup\.exe\./,
    )
    expect(api.callsTo('library.upload')).toEqual([
      {
        files: [
          { name: 'a.pdf', uploadId: 'u1' },
          { name: 'draft.docx', uploadId: 'u2' },
          { name: 'fax.tiff', uploadId: 'u3' },
        ],
      },
    ])
  })

  it('desktop: skips paths of file types Quire does not read but passes folders on', async () => {
    const api = createFakeApi({ 'library.import': () => ({ jobId: 'j4' }) })
    const store = createLibraryStore(api)
    await store
      .getState()
      .importPaths(['/docs/a.pdf', '/docs/Q3', '/docs/b.zip', '/docs/scan.JPG', '/docs/memo.docx'])
    expect(api.callsTo('library.import')).toEqual([
      { paths: ['/docs/a.pdf', '/docs/Q3', '/docs/scan.JPG', '/docs/memo.docx'] },
    ])
    expect(store.getState().notice).toMatch(/^Skipped a file Quire cannot import: b\.zip\./)
  })
})
