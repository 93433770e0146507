// Documents an older version of Quire indexed: said once over the list, with the one action that
// brings them up to date (an import of the same files, with the usual progress card).
import { RefreshCw } from 'lucide-react'
import { outdatedNote } from '@shared/outdated-index.js'
import { useLibrary, useStores } from '@renderer/stores/app-stores.js'

export function OutdatedIndexNote() {
  const { library } = useStores()
  const documents = useLibrary((s) => s.documents)
  // While a job runs, the documents it re-indexes are already on their way.
  const importing = useLibrary((s) => s.jobs.some((j) => !j.report))
  const note = outdatedNote(documents)
  if (!note || importing) return null
  return (
    <p className="keyword-note small" role="note" aria-label="Documents to re-index">
      <span>{note}</span>{' '}
      <button type="button" className="link" onClick={() => void library.getState().reindexOutdated()}>
        <RefreshCw size={12} aria-hidden="true" /> Re-index now
      </button>
    </p>
  )
}
