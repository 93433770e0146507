// Library state: documents, which ones a question searches, and import batches with per-file progress.
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { IngestReport, IngestStage, LibraryCheckReport, LibraryDocument } from '@shared/library-types.js'
import { call, type EventMap, type LibraryStatus, type QuireApi } from '@renderer/transport/api-types.js'
import { fileFraction } from '@shared/ingest-progress.js'
import { baseName } from '@shared/labels.js'
import { keptOlderIndex } from '@shared/outdated-index.js'
import { unreadablePagesNote } from '@shared/unreadable-pages.js'
import { isImportable, isUnimportableFilePath, skippedNotice } from '@renderer/lib/skipped-files.js'
import { isImportableName } from '@shared/importable-files.js'
import { uploadName } from '@renderer/lib/upload-name.js'

export interface FileProgress {
  /** Identifies the row: the upload name ("Q3/report.pdf") or the desktop path. */
  key: string
  name: string
  /** The file's path on the Node side once known (progress and report carry it). */
  path: string | null
  stage: IngestStage | 'failed' | 'skipped' | 'cancelled'
  /** 0..1 across all stages of this file. */
  fraction: number
  /** Scanned pages recognised so far and in all, while the file is in the OCR stage. */
  ocrPages?: { done: number; total: number } | null
  errorCode: string | null
  error: string | null
  /** A document an older version indexed, read again (IngestFileReport.reindex). */
  reindexed?: boolean
  /** Its re-index failed and its older index stays (shared keptOlderIndex rule). */
  keptOlderIndex?: boolean
  /** Skipped: the library document that already holds the same content. */
  existingDocumentId?: number
  /** Skipped as a re-saved copy: the file name of the document with the same text (docs/duplicates.md). */
  sameTextAs?: string
  /** Pages of an added file that could not be read, in words (unreadablePagesNote). */
  unreadableNote?: string
}

export interface ImportJob {
  jobId: string
  files: FileProgress[]
  filesDone: number
  filesTotal: number
  etaSeconds: number | null
  cancelling: boolean
  report: IngestReport | null
  /** Another import into the library runs: this one waits its turn (stage 'waiting'). */
  waiting?: boolean
  /** A Retry: the batch and row it tries again, where its progress is shown (lib/import-cards). */
  retryOf?: { jobId: string; key: string } | null
}

export interface LibraryState {
  documents: LibraryDocument[]
  /** Documents the person unticked; everything else is searched (new documents start ticked). */
  unchecked: number[]
  jobs: ImportJob[]
  /** True while dropped files are being read into memory for upload. */
  preparing: boolean
  /** Files left out of the last add (not PDFs), said in one sentence until dismissed. */
  notice: string | null
  status: LibraryStatus | null
  error: string | null
  load(): Promise<void>
  refreshStatus(): Promise<void>
  /** Desktop: the native picker's choice ([] when cancelled or not available). */
  pickPaths(folders?: boolean): Promise<string[]>
  /** keepDuplicateText: add files whose text the library already holds (docs/duplicates.md). */
  importPaths(paths: string[], opts?: { keepDuplicateText?: boolean }): Promise<void>
  uploadFiles(files: File[], opts?: { keepDuplicateText?: boolean }): Promise<void>
  /** A file skipped as the same text as a library document, added after all (the row's Add anyway). */
  addAnyway(jobId: string, key: string): Promise<void>
  /** Imports again the documents an older version of Quire indexed (one job, with progress). */
  reindexOutdated(): Promise<void>
  cancel(jobId: string): Promise<void>
  dismissJob(jobId: string): void
  dismissNotice(): void
  /** Tries a failed or cancelled file again (the same File in the browser, the same path on desktop). */
  retry(jobId: string, key: string): Promise<void>
  /** Drops a batch's failed and cancelled rows and removes their failed documents from the library. */
  removeFailed(jobId: string): Promise<void>
  /** Removes every failed document from the library. */
  removeFailedDocuments(): Promise<void>
  /** Desktop: reveals the document's file in the file manager. */
  showInFolder(documentId: number): Promise<void>
  /** Deletes the whole library (documents, upload copies, conversations). */
  deleteLibrary(): Promise<boolean>
  /** Settings › Check library: the full integrity check, or check and repair; null when the call failed. */
  checkLibrary(repair: boolean): Promise<LibraryCheckReport | null>
  remove(documentId: number): Promise<void>
  toggle(documentId: number): void
  setAllChecked(checked: boolean): void
  /** The ids to pass to chat.ask: undefined means "all documents". */
  searchScope(): number[] | undefined
  onProgress(e: EventMap['library.progress']): void
  onImportDone(e: EventMap['library.importDone']): void
}

function row(key: string, over: Partial<FileProgress> = {}): FileProgress {
  return {
    key,
    name: baseName(key),
    path: null,
    stage: 'queued',
    fraction: 0,
    errorCode: null,
    error: null,
    ...over,
  }
}

/** The row a progress or report path belongs to: its key is the path or the path's tail. */
function rowIndex(files: FileProgress[], file: string): number {
  const p = file.replace(/\\/g, '/')
  const exact = files.findIndex((f) => f.path === file || f.key === file)
  if (exact >= 0) return exact
  return files.findIndex((f) => f.path === null && p.endsWith(`/${f.key.replace(/\\/g, '/')}`))
}

function emptyJob(jobId: string): ImportJob {
  return { jobId, files: [], filesDone: 0, filesTotal: 0, etaSeconds: null, cancelling: false, report: null }
}

export interface LibraryStoreDeps {
  /** The open collection: imported documents go into it too (null: none). */
  collectionId?: () => number | null
}

export function createLibraryStore(api: QuireApi, deps: LibraryStoreDeps = {}): StoreApi<LibraryState> {
  const into = () => {
    const id = deps.collectionId?.() ?? null
    return id === null ? {} : { collectionId: id }
  }
  return createStore<LibraryState>((set, get) => {
    function updateJob(jobId: string, fn: (job: ImportJob) => ImportJob): void {
      set((s) => {
        const existing = s.jobs.find((j) => j.jobId === jobId)
        // Progress can arrive before the import call returns its jobId: create the job on first sight.
        if (!existing) return { jobs: [...s.jobs, fn(emptyJob(jobId))] }
        return { jobs: s.jobs.map((j) => (j.jobId === jobId ? fn(j) : j)) }
      })
    }

    // What each row was made from, for Retry: the File (browser) or the path (desktop).
    const sources = new Map<string, File | string>()
    const sourceKey = (jobId: string, key: string) => `${jobId}\n${key}`
    // Re-index jobs: their files are the library's own, which the desktop shell lets the renderer
    // import again only through the re-index route (no path crosses it), so Retry goes there too.
    const reindexJobs = new Set<string>()
    // The row a Retry is starting for: the job it starts is shown in that row, not as a new card.
    let retrying: { jobId: string; key: string } | null = null

    function startJob(jobId: string, items: { key: string; source: File | string }[]): void {
      for (const it of items) sources.set(sourceKey(jobId, it.key), it.source)
      updateJob(jobId, (job) => {
        const files = [...job.files]
        for (const { key } of items) {
          // Progress can arrive first and create the row from the server path: adopt it.
          const i = files.findIndex(
            (f) => f.key === key || (f.path !== null && rowIndex([row(key)], f.path) === 0),
          )
          if (i >= 0) files[i] = { ...files[i]!, key, name: baseName(key) }
          else files.push(row(key))
        }
        return {
          ...job,
          files,
          filesTotal: Math.max(job.filesTotal, items.length),
          ...(retrying && retrying.jobId !== jobId ? { retryOf: retrying } : {}),
        }
      })
    }

    return {
      documents: [],
      unchecked: [],
      jobs: [],
      preparing: false,
      notice: null,
      status: null,
      error: null,

      async load() {
        try {
          const documents = await call(api, 'library.documents', {})
          set({ documents, error: null })
        } catch (err) {
          set({ error: (err as Error).message })
        }
      },

      async refreshStatus() {
        try {
          const status = await call(api, 'library.status', {})
          set({ status })
          // While the vector index is rebuilt in the background, its progress is polled once a second.
          if (status.vectorRebuild) setTimeout(() => void get().refreshStatus(), 1000)
        } catch {
          // The status card shows "unknown" rather than an error: nothing the person can do here.
        }
      },

      async pickPaths(folders = false) {
        const res = await api.invoke('library.pickFiles', folders ? { folders } : {})
        return res.ok ? res.data.paths : []
      },

      async importPaths(all, opts = {}) {
        const skipped = all.filter(isUnimportableFilePath)
        const paths = all.filter((p) => !isUnimportableFilePath(p))
        set({ notice: skippedNotice(skipped.map((p) => baseName(p))) })
        if (paths.length === 0) return
        try {
          const { jobId } = await call(api, 'library.import', {
            paths,
            ...(opts.keepDuplicateText ? { keepDuplicateText: true } : {}),
            ...into(),
          })
          // Folders expand on the other side, so only paths naming importable files are listed up front.
          startJob(
            jobId,
            paths.filter((p) => isImportableName(p)).map((p) => ({ key: p, source: p })),
          )
        } catch (err) {
          set({ error: (err as Error).message })
        }
      },

      async reindexOutdated() {
        // The other side re-reads its own list; these rows only show the job's files up front.
        const paths = get()
          .documents.filter((d) => d.outdated)
          .map((d) => d.path)
        try {
          const { jobId } = await call(api, 'library.reindexOutdated', {})
          reindexJobs.add(jobId)
          startJob(
            jobId,
            paths.map((p) => ({ key: p, source: p })),
          )
        } catch (err) {
          set({ error: (err as Error).message })
        }
      },

      async uploadFiles(files, opts = {}) {
        const accepted = files.filter(isImportable)
        set({ notice: skippedNotice(files.filter((f) => !isImportable(f)).map(uploadName)) })
        if (accepted.length === 0) return
        set({ preparing: true, error: null })
        try {
          if (!api.upload) throw new Error('This window cannot upload files; use Add files instead.')
          const files: { name: string; uploadId: string }[] = []
          const sent: File[] = []
          const refused: string[] = []
          // One at a time: each file streams to disk on the server under its own size limit, and
          // one refused file (too large, cut off) does not stop the others.
          for (const f of accepted) {
            const res = await api.upload(f)
            if (res.ok) {
              files.push({ name: uploadName(f), uploadId: res.data.uploadId })
              sent.push(f)
            } else refused.push(`${f.name}: ${res.error.message}`)
          }
          if (files.length > 0) {
            const { jobId } = await call(api, 'library.upload', {
              files,
              ...(opts.keepDuplicateText ? { keepDuplicateText: true } : {}),
              ...into(),
            })
            startJob(
              jobId,
              sent.map((f) => ({ key: uploadName(f), source: f })),
            )
          }
          if (refused.length > 0) set({ error: refused.join(' ') })
        } catch (err) {
          set({ error: (err as Error).message })
        } finally {
          set({ preparing: false })
        }
      },

      async cancel(jobId) {
        updateJob(jobId, (j) => ({ ...j, cancelling: true }))
        try {
          await call(api, 'library.cancelImport', { jobId })
        } catch (err) {
          set({ error: (err as Error).message })
        }
      },

      dismissJob(jobId) {
        set((s) => ({ jobs: s.jobs.filter((j) => j.jobId !== jobId) }))
        for (const k of [...sources.keys()]) if (k.startsWith(`${jobId}\n`)) sources.delete(k)
      },

      dismissNotice() {
        set({ notice: null })
      },

      async retry(jobId, key) {
        const source = sources.get(sourceKey(jobId, key))
        const failed = get()
          .jobs.find((j) => j.jobId === jobId)
          ?.files.find((f) => f.key === key)
        const again = source ?? failed?.path
        if (!again) return
        // The failed document (if one was recorded) is replaced by the new attempt.
        const doc = failed?.path ? get().documents.find((d) => d.path === failed.path) : undefined
        if (doc?.status === 'failed') await get().remove(doc.id)
        // The row stays where it is and shows the new attempt (see lib/import-cards).
        retrying = { jobId, key }
        try {
          // Every document still outdated is tried again, this one with them.
          if (reindexJobs.has(jobId)) await get().reindexOutdated()
          else if (typeof again === 'string') await get().importPaths([again])
          else await get().uploadFiles([again])
        } finally {
          retrying = null
        }
      },

      async addAnyway(jobId, key) {
        const row = get()
          .jobs.find((j) => j.jobId === jobId)
          ?.files.find((f) => f.key === key)
        const again = sources.get(sourceKey(jobId, key)) ?? row?.path
        if (!again) return
        retrying = { jobId, key }
        try {
          if (typeof again === 'string') await get().importPaths([again], { keepDuplicateText: true })
          else await get().uploadFiles([again], { keepDuplicateText: true })
        } finally {
          retrying = null
        }
      },

      async removeFailed(jobId) {
        const job = get().jobs.find((j) => j.jobId === jobId)
        if (!job) return
        const bad = job.files.filter((f) => f.stage === 'failed' || f.stage === 'cancelled')
        const paths = new Set(bad.map((f) => f.path).filter(Boolean))
        updateJob(jobId, (j) => ({ ...j, files: j.files.filter((f) => !bad.includes(f)) }))
        for (const d of get().documents) {
          if (d.status === 'failed' && paths.has(d.path)) await get().remove(d.id)
        }
      },

      async removeFailedDocuments() {
        for (const d of get().documents.filter((x) => x.status === 'failed')) await get().remove(d.id)
      },

      async showInFolder(documentId) {
        try {
          await call(api, 'library.showInFolder', { documentId })
        } catch (err) {
          set({ error: (err as Error).message })
        }
      },

      async checkLibrary(repair) {
        try {
          const report = await call(api, 'library.check', { repair })
          if (repair) void get().refreshStatus()
          return report
        } catch (err) {
          set({ error: (err as Error).message })
          return null
        }
      },

      async deleteLibrary() {
        try {
          await call(api, 'library.delete', { confirm: true })
          sources.clear()
          set({ documents: [], unchecked: [], jobs: [], notice: null, error: null })
          void get().refreshStatus()
          return true
        } catch (err) {
          set({ error: (err as Error).message })
          return false
        }
      },

      async remove(documentId) {
        try {
          await call(api, 'library.remove', { documentId })
          set((s) => ({
            documents: s.documents.filter((d) => d.id !== documentId),
            unchecked: s.unchecked.filter((id) => id !== documentId),
          }))
          void get().refreshStatus()
        } catch (err) {
          set({ error: (err as Error).message })
        }
      },

      toggle(documentId) {
        set((s) => ({
          unchecked: s.unchecked.includes(documentId)
            ? s.unchecked.filter((id) => id !== documentId)
            : [...s.unchecked, documentId],
        }))
      },

      setAllChecked(checked) {
        set((s) => ({ unchecked: checked ? [] : s.documents.map((d) => d.id) }))
      },

      searchScope() {
        const { documents, unchecked } = get()
        // Only indexed documents can be searched; failed ones never count toward the scope.
        const indexed = documents.filter((d) => d.status === 'indexed')
        const chosen = indexed.filter((d) => !unchecked.includes(d.id)).map((d) => d.id)
        return chosen.length === indexed.length ? undefined : chosen
      },

      onProgress({ jobId, progress, etaSeconds }) {
        if (progress.stage === 'waiting') {
          updateJob(jobId, (job) => ({ ...job, waiting: true }))
          return
        }
        updateJob(jobId, (job) => {
          const files = [...job.files]
          const i = progress.file ? rowIndex(files, progress.file) : -1
          const update = {
            path: progress.file,
            stage: progress.stage,
            fraction: fileFraction(progress),
            ocrPages:
              progress.stage === 'recognizing' ? { done: progress.done, total: progress.total } : null,
            errorCode: null,
            error: null,
          }
          if (i >= 0) files[i] = { ...files[i]!, ...update }
          else if (progress.file) files.push(row(progress.file, update))
          return {
            ...job,
            waiting: false,
            files,
            filesDone: progress.filesDone,
            filesTotal: Math.max(progress.filesTotal, files.length),
            etaSeconds,
          }
        })
      },

      onImportDone({ jobId, report }) {
        updateJob(jobId, (job) => {
          const files = [...job.files]
          const reported = new Set<number>()
          for (const d of report.documents) {
            const update = {
              path: d.file,
              stage:
                d.errorCode === 'CANCELLED'
                  ? ('cancelled' as const)
                  : d.status === 'indexed'
                    ? ('done' as const)
                    : d.status,
              fraction: 1,
              errorCode: d.errorCode,
              error: d.error,
              reindexed: d.status === 'indexed' && d.reindex === true,
              keptOlderIndex: keptOlderIndex(d),
              ...(d.existingDocumentId !== undefined ? { existingDocumentId: d.existingDocumentId } : {}),
              ...(d.duplicateOf && !d.duplicateOf.sameBytes
                ? { sameTextAs: baseName(d.duplicateOf.file) }
                : {}),
              ...(d.unreadable ? { unreadableNote: unreadablePagesNote(d.unreadable) } : {}),
            }
            const i = rowIndex(files, d.file)
            if (i >= 0) files[i] = { ...files[i]!, ...update }
            else files.push(row(d.file, update))
            reported.add(i >= 0 ? i : files.length - 1)
          }
          // A cancel stops the batch: rows it never reached say so instead of their last stage.
          files.forEach((f, i) => {
            if (!reported.has(i) && f.stage !== 'done' && f.stage !== 'skipped' && f.stage !== 'failed')
              files[i] = { ...f, stage: report.cancelled ? 'cancelled' : f.stage, fraction: 1 }
          })
          return {
            ...job,
            files,
            report,
            filesDone: report.documents.length,
            etaSeconds: 0,
            cancelling: false,
          }
        })
        void get().load()
        void get().refreshStatus()
      },
    }
  })
}
