// One import batch: a row per file with its stage and bar, the batch total with an ETA, Cancel.
import type { FileProgress, ImportJob } from '@renderer/stores/library-store.js'
import { errorInWords } from '@renderer/lib/error-words.js'
import { formatEta } from '@renderer/lib/format.js'
import { ProgressBar } from './ProgressBar.js'

const STAGE_WORDS: Record<FileProgress['stage'], string> = {
  queued: 'Waiting',
  reading: 'Reading',
  extracting: 'Extracting text',
  recognizing: 'Reading scanned pages (OCR)',
  chunking: 'Splitting into passages',
  embedding: 'Embedding',
  indexing: 'Indexing',
  done: 'Added',
  failed: 'Failed',
  skipped: 'Already in library',
}

function FileRow({ file }: { file: FileProgress }) {
  const failed = file.stage === 'failed'
  return (
    <li className={`import-file ${failed ? 'is-failed' : ''}`}>
      <div className="import-file-head">
        <span className="import-file-name" title={file.name}>
          {file.name}
        </span>
        <span className="import-file-stage">
          {failed ? errorInWords(file.errorCode, file.error) : STAGE_WORDS[file.stage]}
        </span>
      </div>
      {!failed && file.stage !== 'skipped' && (
        <ProgressBar value={file.fraction} label={`${file.name} progress`} />
      )}
    </li>
  )
}

export function ImportJobCard({
  job,
  onCancel,
  onDismiss,
}: {
  job: ImportJob
  onCancel: () => void
  onDismiss: () => void
}) {
  const finished = job.report !== null
  const total = Math.max(job.filesTotal, job.files.length)
  const failed = job.files.filter((f) => f.stage === 'failed').length
  const added = job.files.filter((f) => f.stage === 'done').length
  const batch = total > 0 ? job.files.reduce((sum, f) => sum + f.fraction, 0) / total : 0
  return (
    <section className="import-job" aria-label="Import progress">
      <header className="import-job-head">
        {finished ? (
          <strong role="status">
            {job.report?.cancelled ? 'Import cancelled' : 'Import finished'} · {added} added
            {failed > 0 ? ` · ${failed} could not be added` : ''}
          </strong>
        ) : (
          <span role="status">
            Adding {job.filesDone} of {total || '…'} · {formatEta(job.etaSeconds)}
          </span>
        )}
        {finished ? (
          <button type="button" className="btn-icon" aria-label="Dismiss import summary" onClick={onDismiss}>
            ×
          </button>
        ) : (
          <button
            type="button"
            className="btn-small"
            onClick={onCancel}
            disabled={job.cancelling}
            aria-label="Cancel import"
          >
            {job.cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
      </header>
      {!finished && <ProgressBar value={batch} label="Batch progress" />}
      <ul className="import-files">
        {job.files.map((f) => (
          <FileRow key={f.name} file={f} />
        ))}
      </ul>
    </section>
  )
}
