// Where the library keeps its files (and the copies of documents added in the browser), and
// "Delete this library", which removes all of it after an explicit confirmation.
import { useState } from 'react'
import type { LibraryCheckReport } from '@shared/library-types.js'
import { useLibrary, useSettings, useStores } from '@renderer/stores/app-stores.js'

export function LibrarySection() {
  const { library, chat, conversations } = useStores()
  const status = useLibrary((s) => s.status)
  const info = useSettings((s) => s.info)
  const [confirming, setConfirming] = useState(false)
  const [deleted, setDeleted] = useState(false)
  const [checking, setChecking] = useState<'check' | 'repair' | null>(null)
  const [check, setCheck] = useState<LibraryCheckReport | null>(null)
  const dir = status?.libraryDir ?? info?.libraryDir ?? null
  const browser = info?.shell === 'browser'
  const sep = dir?.includes('\\') ? '\\' : '/'

  async function runCheck(repair: boolean): Promise<void> {
    setChecking(repair ? 'repair' : 'check')
    setCheck(await library.getState().checkLibrary(repair))
    setChecking(null)
  }

  async function deleteAll(): Promise<void> {
    if (!(await library.getState().deleteLibrary())) return
    setConfirming(false)
    setDeleted(true)
    await chat.getState().open(null)
    await conversations.getState().load()
  }

  return (
    <section className="settings-section" aria-label="Library">
      <h3>Library</h3>
      <p className="small">
        <span className="muted">Location: </span>
        <code>{dir ?? '—'}</code>
      </p>
      {status && (
        <p className="small muted">
          {status.documents} documents · {status.chunks} passages
        </p>
      )}
      {status?.otherFiles && status.otherFiles.count > 0 && (
        <p className="small" role="note">
          This folder also holds {status.otherFiles.count} {status.otherFiles.count === 1 ? 'item' : 'items'}{' '}
          that {status.otherFiles.count === 1 ? 'is' : 'are'} not Quire’s (
          {status.otherFiles.names.join(', ')}
          {status.otherFiles.count > status.otherFiles.names.length ? ', …' : ''}); Delete leaves{' '}
          {status.otherFiles.count === 1 ? 'it' : 'them'} where{' '}
          {status.otherFiles.count === 1 ? 'it is' : 'they are'}.
        </p>
      )}
      <p className="small">
        {browser ? (
          <>
            Documents added in this browser window are copied into{' '}
            <code>{dir ? `${dir}${sep}imported` : 'imported'}</code>; a copy is deleted with its document, and
            when an import is cancelled or a file is already in the library.
          </>
        ) : (
          <>The library keeps its index and your conversations here; your documents stay where they are.</>
        )}
      </p>
      <div className="library-check">
        <button
          type="button"
          className="btn-small"
          disabled={checking !== null}
          onClick={() => void runCheck(false)}
        >
          {checking === 'check' ? 'Checking…' : 'Check library'}
        </button>
        {check && !check.ok && (
          <button
            type="button"
            className="btn-small"
            disabled={checking !== null}
            onClick={() => void runCheck(true)}
          >
            {checking === 'repair' ? 'Repairing…' : 'Repair'}
          </button>
        )}
        {check && <CheckResult report={check} />}
      </div>
      {deleted && (
        <p className="small" role="status">
          The library was deleted. It is empty now.
        </p>
      )}
      {confirming ? (
        <div className="danger-zone" role="group" aria-label="Confirm delete library">
          <p className="small">
            Delete every document, {browser ? 'every copied PDF, ' : ''}the index and all conversations? This
            cannot be undone.
          </p>
          <button type="button" className="btn-small danger" onClick={() => void deleteAll()}>
            Delete everything
          </button>
          <button type="button" className="btn-small" onClick={() => setConfirming(false)}>
            Keep
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="btn-small danger"
          onClick={() => {
            setDeleted(false)
            setConfirming(true)
          }}
        >
          Delete this library…
        </button>
      )}
    </section>
  )
}

function CheckResult({ report }: { report: LibraryCheckReport }) {
  const headline = report.ok
    ? report.repaired
      ? 'The library was damaged and is repaired.'
      : 'The library is sound: no damage found.'
    : report.repaired
      ? 'Repair could not fix everything. Move the library folder aside and add your documents to a new one; the documents themselves are untouched.'
      : 'The library is damaged. Repair rebuilds its indexes and adds damaged documents again from their files.'
  return (
    <div className="small" role="status">
      <p>{headline}</p>
      {report.problems.length > 0 && (
        <ul className="muted">
          {report.problems.slice(0, 5).map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {report.reimported.length > 0 && <p>{report.reimported.length} documents were added again.</p>}
      {report.unrecoverable.map((u) => (
        <p key={u.path}>
          Not restored: <code>{u.path}</code> — {u.reason}
        </p>
      ))}
    </div>
  )
}
