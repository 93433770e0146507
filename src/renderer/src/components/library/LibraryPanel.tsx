// The library: add PDFs, watch imports, tick the documents a question searches, remove documents.
import { useStores, useLibrary, useSettings } from '@renderer/stores/app-stores.js'
import { AddFilesButton } from './AddFilesButton.js'
import { DocumentRow } from './DocumentRow.js'
import { ImportJobCard } from './ImportJobCard.js'

export function LibraryPanel() {
  const { library, viewer } = useStores()
  const documents = useLibrary((s) => s.documents)
  const unchecked = useLibrary((s) => s.unchecked)
  const jobs = useLibrary((s) => s.jobs)
  const preparing = useLibrary((s) => s.preparing)
  const error = useLibrary((s) => s.error)
  const desktop = useSettings((s) => s.info?.shell === 'desktop')
  const actions = library.getState()

  async function pick(folders: boolean): Promise<void> {
    const res = await actions.pickPaths(folders)
    if (res.length > 0) await actions.importPaths(res)
  }

  const indexed = documents.filter((d) => d.status === 'indexed')
  const checkedCount = indexed.filter((d) => !unchecked.includes(d.id)).length

  return (
    <section className="library" aria-label="Library">
      <header className="section-head">
        <h2>Library</h2>
        <div className="head-actions">
          <AddFilesButton
            desktop={desktop}
            onPick={(folders) => void pick(folders)}
            onFiles={(f) => void actions.uploadFiles(f)}
          />
        </div>
      </header>
      {preparing && (
        <p className="muted small" role="status">
          Reading files…
        </p>
      )}
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
      {jobs.map((job) => (
        <ImportJobCard
          key={job.jobId}
          job={job}
          onCancel={() => void actions.cancel(job.jobId)}
          onDismiss={() => actions.dismissJob(job.jobId)}
        />
      ))}
      {documents.length === 0 ? (
        <p className="empty-hint">Drop PDFs or folders anywhere on this window, or use “Add PDFs…”.</p>
      ) : (
        <>
          {indexed.length > 1 && (
            <p className="scope-line small">
              Searching {checkedCount === indexed.length ? 'all' : `${checkedCount} of ${indexed.length}`}{' '}
              documents ·{' '}
              <button
                type="button"
                className="link"
                onClick={() => actions.setAllChecked(checkedCount !== indexed.length)}
              >
                {checkedCount === indexed.length ? 'Select none' : 'Select all'}
              </button>
            </p>
          )}
          <ul className="doc-list">
            {documents.map((doc) => (
              <DocumentRow
                key={doc.id}
                doc={doc}
                checked={!unchecked.includes(doc.id)}
                onToggle={() => actions.toggle(doc.id)}
                onOpen={() =>
                  viewer.getState().openAt({
                    documentId: doc.id,
                    title: doc.title,
                    page: 1,
                    passage: null,
                    passagePages: [],
                    citationN: null,
                  })
                }
                onRemove={() => void actions.remove(doc.id)}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
