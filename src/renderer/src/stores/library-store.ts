// Library state: documents, which ones a question searches, and import batches with per-file progress.
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { IngestProgress, IngestReport, IngestStage, LibraryDocument } from '@shared/library-types.js'
import { call, type EventMap, type LibraryStatus, type QuireApi } from '../transport/api-types.js'
import { fileName } from '../lib/format.js'

export interface FileProgress {
  name: string
  stage: IngestStage | 'failed' | 'skipped'
  /** 0..1 across all stages of this file. */
  fraction: number
  errorCode: string | null
  error: string | null
}

export interface ImportJob {
  jobId: string
  files: FileProgress[]
  filesDone: number
  filesTotal: number
  etaSeconds: number | null
  cancelling: boolean
  report: IngestReport | null
}

export interface LibraryState {
  documents: LibraryDocument[]
  /** Documents the person unticked; everything else is searched (new documents start ticked). */
  unchecked: number[]
  jobs: ImportJob[]
  /** True while dropped files are being read into memory for upload. */
  preparing: boolean
  status: LibraryStatus | null
  error: string | null
  load(): Promise<void>
  refreshStatus(): Promise<void>
  /** Desktop: the native picker's choice ([] when cancelled or not available). */
  pickPaths(folders?: boolean): Promise<string[]>
  importPaths(paths: string[]): Promise<void>
  uploadFiles(files: File[]): Promise<void>
  cancel(jobId: string): Promise<void>
  dismissJob(jobId: string): void
  remove(documentId: number): Promise<void>
  toggle(documentId: number): void
  setAllChecked(checked: boolean): void
  /** The ids to pass to chat.ask: undefined means "all documents". */
  searchScope(): number[] | undefined
  onProgress(e: EventMap['library.progress']): void
  onImportDone(e: EventMap['library.importDone']): void
}

// Rough share of a file's work done when each stage starts; extraction and embedding dominate.
const STAGE_START: Record<IngestStage, number> = {
  queued: 0,
  reading: 0.02,
  extracting: 0.05,
  // Text extraction is quick; OCR of scanned pages (when there are any) takes the rest of the share.
  recognizing: 0.1,
  chunking: 0.4,
  embedding: 0.45,
  indexing: 0.92,
  done: 1,
}
const STAGE_END: Record<IngestStage, number> = {
  queued: 0,
  reading: 0.05,
  extracting: 0.1,
  recognizing: 0.4,
  chunking: 0.45,
  embedding: 0.92,
  indexing: 1,
  done: 1,
}

export function stageFraction(p: Pick<IngestProgress, 'stage' | 'done' | 'total'>): number {
  const start = STAGE_START[p.stage]
  const within = p.total > 0 ? Math.min(1, p.done / p.total) : 0
  return start + (STAGE_END[p.stage] - start) * within
}

function emptyJob(jobId: string): ImportJob {
  return { jobId, files: [], filesDone: 0, filesTotal: 0, etaSeconds: null, cancelling: false, report: null }
}

export function createLibraryStore(api: QuireApi): StoreApi<LibraryState> {
  return createStore<LibraryState>((set, get) => {
    function updateJob(jobId: string, fn: (job: ImportJob) => ImportJob): void {
      set((s) => {
        const existing = s.jobs.find((j) => j.jobId === jobId)
        // Progress can arrive before the import call returns its jobId: create the job on first sight.
        if (!existing) return { jobs: [...s.jobs, fn(emptyJob(jobId))] }
        return { jobs: s.jobs.map((j) => (j.jobId === jobId ? fn(j) : j)) }
      })
    }

    function startJob(jobId: string, names: string[]): void {
      updateJob(jobId, (job) => {
        const files = [...job.files]
        for (const name of names) {
          if (!files.some((f) => f.name === name))
            files.push({ name, stage: 'queued', fraction: 0, errorCode: null, error: null })
        }
        return { ...job, files, filesTotal: Math.max(job.filesTotal, names.length) }
      })
    }

    return {
      documents: [],
      unchecked: [],
      jobs: [],
      preparing: false,
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
          set({ status: await call(api, 'library.status', {}) })
        } catch {
          // The status card shows "unknown" rather than an error: nothing the person can do here.
        }
      },

      async pickPaths(folders = false) {
        const res = await api.invoke('library.pickFiles', folders ? { folders } : {})
        return res.ok ? res.data.paths : []
      },

      async importPaths(paths) {
        if (paths.length === 0) return
        try {
          const { jobId } = await call(api, 'library.import', { paths })
          // Folders expand on the other side, so only plain PDF paths can be listed up front.
          startJob(jobId, paths.filter((p) => /\.pdf$/i.test(p)).map(fileName))
        } catch (err) {
          set({ error: (err as Error).message })
        }
      },

      async uploadFiles(files) {
        const pdfs = files.filter((f) => /\.pdf$/i.test(f.name) || f.type === 'application/pdf')
        if (pdfs.length === 0) {
          set({ error: 'Only PDF files can be added.' })
          return
        }
        set({ preparing: true, error: null })
        try {
          if (!api.upload) throw new Error('This window cannot upload files; use Add files instead.')
          const files: { name: string; uploadId: string }[] = []
          const refused: string[] = []
          // One at a time: each file streams to disk on the server under its own size limit, and
          // one refused file (too large, cut off) does not stop the others.
          for (const f of pdfs) {
            const res = await api.upload(f)
            if (res.ok) files.push({ name: f.name, uploadId: res.data.uploadId })
            else refused.push(`${f.name}: ${res.error.message}`)
          }
          if (files.length > 0) {
            const { jobId } = await call(api, 'library.upload', { files })
            startJob(
              jobId,
              files.map((f) => f.name),
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
        const name = fileName(progress.file)
        updateJob(jobId, (job) => {
          const files = [...job.files]
          const i = files.findIndex((f) => f.name === name)
          const row: FileProgress = {
            name,
            stage: progress.stage,
            fraction: stageFraction(progress),
            errorCode: null,
            error: null,
          }
          if (i >= 0) files[i] = { ...files[i]!, ...row }
          else if (name) files.push(row)
          return {
            ...job,
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
          for (const d of report.documents) {
            const name = fileName(d.file)
            const row: FileProgress = {
              name,
              stage: d.status === 'indexed' ? 'done' : d.status,
              fraction: 1,
              errorCode: d.errorCode,
              error: d.error,
            }
            const i = files.findIndex((f) => f.name === name)
            if (i >= 0) files[i] = row
            else files.push(row)
          }
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
