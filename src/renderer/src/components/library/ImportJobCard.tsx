// One import batch: a row per file with its stage and bar, the batch total with an ETA, Cancel;
// when it ends, each failed row says what is wrong and what to do, with Retry, and Remove failed.
// A batch that ended with nothing to act on folds into its summary line, which reopens it.
import { ChevronDown, ChevronRight, RotateCcw, X } from 'lucide-react'
import { useState } from 'react'
import type { FileProgress, ImportJob } from '@renderer/stores/library-store.js'
import { ingestRemedy } from '@renderer/lib/error-words.js'
import { KEPT_OLDER_INDEX } from '@shared/outdated-index.js'
import { formatEta } from '@renderer/lib/format.js'
import { ProgressBar } from './ProgressBar.js'
import { contextHeadersSummary } from '@shared/context-headers-summary.js'

const STAGE_WORDS: Record<FileProgress['stage'], string> = {
  queued: 'Waiting',
  waiting: 'Waiting',
  reading: 'Reading',
  extracting: 'Extracting text',
  recognizing: 'Reading scanned pages (OCR)',
  chunking: 'Splitting into passages',
  embedding: 'Embedding',
  indexing: 'Indexing',
  done: 'Added',
  failed: 'Failed',
  skipped: 'Already in library',
  cancelled: 'Cancelled',
}

/** The stage in words; while scanned pages are read, a short page count that fits beside the name. */
function stageWords(file: FileProgress): string {
  const ocr = file.ocrPages
  if (file.stage === 'recognizing' && ocr && ocr.total > 0) return `OCR · page ${ocr.done}/${ocr.total}`
  if (file.stage === 'done' && file.reindexed) return 'Re-indexed'
  if (file.stage === 'skipped' && file.sameTextAs) return `Same text as ${file.sameTextAs}`
  return STAGE_WORDS[file.stage]
}

function FileRow({
  file,
  onRetry,
  onAddAnyway,
  existing,
}: {
  file: FileProgress
  onRetry: (() => void) | null
  /** A file skipped as the same text as a library document: add it after all. */
  onAddAnyway: (() => void) | null
  /** A skipped file: the library document holding the same content, in words. */
  existing: string | null
}) {
  const failed = file.stage === 'failed'
  const ended = failed || file.stage === 'skipped' || file.stage === 'cancelled'
  const remedy = failed ? ingestRemedy(file.errorCode, file.error) : null
  return (
    <li
      className={`import-file ${failed ? 'is-failed' : ''} ${file.stage === 'cancelled' ? 'is-cancelled' : ''}`}
    >
      <div className="import-file-head">
        <span className="import-file-name" title={file.key}>
          {file.name}
        </span>
        <span className="import-file-stage" title={remedy ? undefined : STAGE_WORDS[file.stage]}>
          {remedy ? remedy.label : stageWords(file)}
        </span>
        {onRetry && (
          <button
            type="button"
            className="btn-icon"
            aria-label={`Retry ${file.name}`}
            title="Try again"
            onClick={onRetry}
          >
            <RotateCcw size={14} aria-hidden="true" />
          </button>
        )}
      </div>
      {onAddAnyway && (
        <p className="import-file-remedy small">
          It was not added again.{' '}
          <button
            type="button"
            className="btn"
            aria-label={`Add ${file.name} anyway`}
            title="Add it as a document of its own, although the library has its text"
            onClick={onAddAnyway}
          >
            Add anyway
          </button>
        </p>
      )}
      {remedy?.remedy && <p className="import-file-remedy small">{remedy.remedy}</p>}
      {file.keptOlderIndex && <p className="import-file-remedy small">{KEPT_OLDER_INDEX}</p>}
      {file.stage === 'skipped' && existing && <p className="import-file-remedy small muted">{existing}</p>}
      {file.unreadableNote && <p className="import-file-remedy small">{file.unreadableNote}</p>}
      {!ended && <ProgressBar value={file.fraction} label={`${file.name} progress`} />}
    </li>
  )
}

export function ImportJobCard({
  job,
  onCancel,
  onDismiss,
  onRetry,
  onAddAnyway,
  onRemoveFailed,
  describeExisting,
}: {
  job: ImportJob
  onCancel: () => void
  onDismiss: () => void
  onRetry: (key: string) => void
  onAddAnyway: (key: string) => void
  onRemoveFailed: () => void
  /** Words for the library document a skipped file duplicates (name, folder, date added). */
  describeExisting: (documentId: number) => string | null
}) {
  /** null: folded when the batch ended with nothing to act on, open otherwise; else the person's choice. */
  const [expanded, setExpanded] = useState<boolean | null>(null)
  const finished = job.report !== null
  const total = Math.max(job.filesTotal, job.files.length)
  const count = (stage: FileProgress['stage']) => job.files.filter((f) => f.stage === stage).length
  const cancelled = count('cancelled')
  const reindexed = job.files.filter((f) => f.stage === 'done' && f.reindexed).length
  const added = count('done') - reindexed
  // A failed re-index lost nothing (the older index stays), so it is not counted as not added.
  const notReindexed = job.files.filter((f) => f.keptOlderIndex).length
  const failed = count('failed') - notReindexed
  const skipped = count('skipped')
  const batch = total > 0 ? job.files.reduce((sum, f) => sum + f.fraction, 0) / total : 0
  const summary = [
    added || !reindexed ? `${added} added` : '',
    reindexed ? `${reindexed} re-indexed` : '',
    skipped ? `${skipped} already in library` : '',
    failed ? `${failed} could not be added` : '',
    notReindexed ? `${notReindexed} could not be re-indexed` : '',
    cancelled ? `${cancelled} cancelled` : '',
    contextHeadersSummary(job.report?.contextHeaders),
  ].filter(Boolean)
  // A file skipped as the same text as a library document can be added anyway: the card stays open.
  const sameText = job.files.filter((f) => f.stage === 'skipped' && f.sameTextAs).length
  const open = expanded ?? (!finished || failed + notReindexed + sameText > 0)
  const finishedText = `${job.report?.cancelled ? 'Import cancelled' : 'Import finished'} · ${summary.join(' · ')}`
  return (
    <section className="import-job" aria-label="Import progress">
      <header className="import-job-head">
        {finished ? (
          <button
            type="button"
            className="import-job-toggle"
            // Named outright: Chromium leaves the status region inside out of the button's name.
            aria-label={finishedText}
            aria-expanded={open}
            onClick={() => setExpanded(!open)}
          >
            {open ? (
              <ChevronDown size={14} aria-hidden="true" />
            ) : (
              <ChevronRight size={14} aria-hidden="true" />
            )}
            <strong role="status">{finishedText}</strong>
          </button>
        ) : (
          <span role="status">
            {job.waiting
              ? 'Waiting for the import in progress'
              : `Adding ${job.filesDone} of ${total || '…'} · ${formatEta(job.etaSeconds)}`}
          </span>
        )}
        {finished ? (
          <button type="button" className="btn-icon" aria-label="Dismiss import summary" onClick={onDismiss}>
            <X size={16} aria-hidden="true" />
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
      {open && (
        <ul className="import-files">
          {job.files.map((f) => (
            <FileRow
              key={f.key}
              file={f}
              onRetry={
                finished && (f.stage === 'failed' || f.stage === 'cancelled') ? () => onRetry(f.key) : null
              }
              onAddAnyway={f.stage === 'skipped' && f.sameTextAs ? () => onAddAnyway(f.key) : null}
              existing={f.existingDocumentId !== undefined ? describeExisting(f.existingDocumentId) : null}
            />
          ))}
        </ul>
      )}
      {/* Only when something failed: a cancelled file is not a failure (its row has Retry). */}
      {open && finished && failed > 0 && (
        <div className="import-job-foot">
          <button type="button" className="btn-small" onClick={onRemoveFailed}>
            Remove failed
          </button>
        </div>
      )}
    </section>
  )
}
