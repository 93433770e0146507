// The library: add documents, watch imports, tick the documents a question searches, find, sort and
// remove documents.
import { X } from 'lucide-react'
import { useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { describeLibraryDocument, listDocuments, type DocumentSort } from '@renderer/lib/document-list.js'
import { importCards } from '@renderer/lib/import-cards.js'
import { rovingTarget } from '@renderer/lib/roving-focus.js'
import { useStores, useLibrary, useSettings, useChat, useCollections } from '@renderer/stores/app-stores.js'
import { AddFilesButton } from './AddFilesButton.js'
import { CollectionsList } from './CollectionsList.js'
import { DocumentRow } from './DocumentRow.js'
import { ImportJobCard } from './ImportJobCard.js'
import { KeywordOnlyNote } from './KeywordOnlyNote.js'
import { OutdatedIndexNote } from './OutdatedIndexNote.js'
import { WatchedFolders } from './WatchedFolders.js'
import { InlineError } from '../common/InlineError.js'

export function LibraryPanel({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { library, viewer, chat, collections } = useStores()
  const collectionItems = useCollections((s) => s.items)
  const openCollection = useCollections((s) => s.current)
  const memberIds = useCollections((s) => s.memberIds)
  const answering = useChat((s) => s.streaming !== null)
  const allDocuments = useLibrary((s) => s.documents)
  // While a collection is open, the list (and what the ticks search) is its documents.
  const documents = useMemo(
    () => (openCollection === null ? allDocuments : allDocuments.filter((d) => memberIds.includes(d.id))),
    [allDocuments, openCollection, memberIds],
  )
  const unchecked = useLibrary((s) => s.unchecked)
  const jobs = useLibrary((s) => s.jobs)
  const preparing = useLibrary((s) => s.preparing)
  const notice = useLibrary((s) => s.notice)
  const error = useLibrary((s) => s.error)
  const desktop = useSettings((s) => s.info?.shell === 'desktop')
  const libraryDir = useSettings((s) => s.info?.libraryDir ?? null)
  const [filter, setFilter] = useState('')
  const [sort, setSort] = useState<DocumentSort>('name')
  const actions = library.getState()
  const listed = useMemo(() => listDocuments(documents, filter, sort), [documents, filter, sort])
  const list = useRef<HTMLUListElement>(null)
  const [focusId, setFocusId] = useState<number | null>(null)
  // The one row in the Tab order: the last one focused, else the first.
  const rovingId = listed.some((l) => l.doc.id === focusId) ? focusId : (listed[0]?.doc.id ?? null)

  /** Up/Down/Home/End between rows (to each row's name); Left/Right between a row's controls. */
  function navigate(e: KeyboardEvent, index: number): void {
    const rows = list.current?.querySelectorAll<HTMLLIElement>(':scope > li')
    const row = rows?.[index]
    if (!rows || !row) return
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const controls = [...row.querySelectorAll<HTMLElement>('input, button')].filter(
        (c) => !(c as HTMLInputElement).disabled,
      )
      const at = controls.indexOf(e.target as HTMLElement)
      const next = controls[at + (e.key === 'ArrowRight' ? 1 : -1)]
      if (at < 0 || !next) return
      e.preventDefault()
      next.focus()
      return
    }
    const to = rovingTarget(e.key, index, listed.length)
    if (to === null) return
    e.preventDefault()
    setFocusId(listed[to]!.doc.id)
    rows[to]?.querySelector<HTMLElement>('[data-doc-open]')?.focus()
  }

  async function pick(folders: boolean): Promise<void> {
    const res = await actions.pickPaths(folders)
    if (res.length > 0) await actions.importPaths(res)
  }

  const indexed = documents.filter((d) => d.status === 'indexed')
  const failedCount = documents.filter((d) => d.status === 'failed').length
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
      <CollectionsList />
      <KeywordOnlyNote onOpenSettings={onOpenSettings} />
      <OutdatedIndexNote />
      {preparing && (
        <p className="muted small" role="status">
          Reading files…
        </p>
      )}
      {notice && (
        <p className="skip-notice small" role="status">
          <span>{notice}</span>
          <button
            type="button"
            className="btn-icon"
            aria-label="Dismiss note"
            onClick={actions.dismissNotice}
          >
            <X size={14} aria-hidden="true" />
          </button>
        </p>
      )}
      <InlineError error={error} />
      {importCards(jobs).map(({ job, jobIds, running }) => (
        <ImportJobCard
          key={job.jobId}
          job={job}
          onCancel={() => running.forEach((id) => void actions.cancel(id))}
          onDismiss={() => jobIds.forEach((id) => actions.dismissJob(id))}
          onRetry={(key) => void actions.retry(job.jobId, key)}
          onAddAnyway={(key) => void actions.addAnyway(job.jobId, key)}
          onRemoveFailed={() => jobIds.forEach((id) => void actions.removeFailed(id))}
          describeExisting={(id) => describeLibraryDocument(documents, id, libraryDir)}
        />
      ))}
      {documents.length === 0 ? (
        <p className="empty-hint">
          {openCollection !== null && allDocuments.length > 0
            ? 'No documents in this collection yet. Drag documents onto it from All documents, use “Add to…” on a document, or add documents while it is open.'
            : 'Drop documents or folders anywhere on this window, or use “Add documents…”.'}
        </p>
      ) : (
        <>
          <div className="doc-tools">
            <input
              type="search"
              className="search doc-filter"
              placeholder="Filter documents"
              aria-label="Filter documents"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
            <select
              aria-label="Sort documents"
              value={sort}
              onChange={(e) => setSort(e.target.value as DocumentSort)}
            >
              <option value="name">Name</option>
              <option value="added">Date added</option>
              <option value="pages">Pages</option>
            </select>
          </div>
          {(indexed.length > 1 || failedCount > 0) && (
            <p className="scope-line small">
              {indexed.length > 1 && (
                <>
                  Searching {checkedCount === indexed.length ? 'all' : `${checkedCount} of ${indexed.length}`}{' '}
                  documents ·{' '}
                  <button
                    type="button"
                    className="link"
                    onClick={() => actions.setAllChecked(checkedCount !== indexed.length)}
                  >
                    {checkedCount === indexed.length ? 'Select none' : 'Select all'}
                  </button>
                </>
              )}
              {failedCount > 0 && (
                <>
                  {indexed.length > 1 ? ' · ' : ''}
                  <button type="button" className="link" onClick={() => void actions.removeFailedDocuments()}>
                    Remove failed ({failedCount})
                  </button>
                </>
              )}
            </p>
          )}
          <ul className="doc-list" ref={list}>
            {listed.map((item, i) => (
              <DocumentRow
                key={item.doc.id}
                item={item}
                tabbable={item.doc.id === rovingId}
                onKeyNav={(e) => navigate(e, i)}
                onFocusItem={() => setFocusId(item.doc.id)}
                checked={!unchecked.includes(item.doc.id)}
                onToggle={() => actions.toggle(item.doc.id)}
                onOpen={() =>
                  viewer.getState().openAt({
                    documentId: item.doc.id,
                    title: item.fileName,
                    page: 1,
                    passage: null,
                    passagePages: [],
                    citationN: null,
                  })
                }
                onRemove={() => void actions.remove(item.doc.id)}
                addTargets={collectionItems.filter((c) => c.id !== openCollection)}
                onAddTo={(id) => void collections.getState().addDocuments(id, [item.doc.id])}
                onTakeOut={
                  openCollection === null
                    ? null
                    : () => void collections.getState().removeDocuments(openCollection, [item.doc.id])
                }
                onShowInFolder={desktop ? () => void actions.showInFolder(item.doc.id) : null}
                onSummarize={
                  answering ? null : () => void chat.getState().summarize(item.doc.id, item.fileName)
                }
              />
            ))}
          </ul>
          {listed.length === 0 && <p className="empty-hint">No documents match “{filter}”.</p>}
        </>
      )}
      {/* Below the documents: the filter and the list stay in view in a window 480 px high. */}
      <WatchedFolders />
    </section>
  )
}
