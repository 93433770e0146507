// Settings › Search › Reranking: a cross-encoder folder (e.g. ms-marco-MiniLM-L-6-v2 as
// transformers.js loads it) imported from disk re-scores the passages each search finds; off
// until one is imported. The native folder picker on desktop, a path field in browser mode.
import { useLibrary, useSettings, useStores } from '@renderer/stores/app-stores.js'
import { FolderImportControl } from './FolderImportControl.js'

export function RerankerSection() {
  const { settings, library } = useStores()
  const reranker = useLibrary((s) => s.status?.reranker)
  const desktop = useSettings((s) => s.info?.shell === 'desktop')
  const message = useSettings((s) => s.rerankerMessage)
  const refresh = () => library.getState().refreshStatus()
  const importFolder = (typed?: string) => void settings.getState().importReranker(typed).then(refresh)
  return (
    <div className="settings-subsection" aria-label="Reranking">
      <h4>Reranking</h4>
      <div className={`status-box ${reranker?.model ? 'is-ok' : ''}`}>
        <strong>
          {reranker?.model
            ? `Reranking with ${reranker.model}${reranker.weights ? ` (${reranker.weights})` : ''}`
            : 'No reranker'}
        </strong>
        <span className="small">
          {reranker?.model
            ? 'The passages each search finds are read again together with the question and re-ordered.'
            : (reranker?.reason ??
              'A cross-encoder folder (for example ms-marco-MiniLM-L-6-v2 for transformers.js) re-orders the passages each search finds.')}
        </span>
      </div>
      <FolderImportControl
        desktop={desktop}
        buttonLabel="Import reranker folder…"
        fieldLabel="Reranker folder"
        fieldId="reranker-folder"
        placeholder="/path/to/ms-marco-MiniLM-L-6-v2"
        onImport={importFolder}
      />
      {reranker?.model && (
        <button
          type="button"
          className="btn-small"
          onClick={() => void settings.getState().removeReranker().then(refresh)}
        >
          Turn reranking off
        </button>
      )}
      {message && (
        <p className="small" role="status">
          {message}
        </p>
      )}
    </div>
  )
}
