// Embedding model state (hybrid search or keyword-only), import a model folder (desktop), library location.
import { useLibrary, useSettings, useStores } from '@renderer/stores/app-stores.js'

export function EmbeddingSection() {
  const { settings, library } = useStores()
  const status = useLibrary((s) => s.status)
  const desktop = useSettings((s) => s.info?.shell === 'desktop')
  const message = useSettings((s) => s.modelImportMessage)
  const info = useSettings((s) => s.info)
  const embedding = status?.embedding
  const hybrid = embedding?.mode === 'hybrid'
  return (
    <section className="settings-section" aria-label="Search and library">
      <h3>Search</h3>
      <div className={`status-box ${hybrid ? 'is-ok' : 'is-warn'}`}>
        <strong>
          {embedding
            ? hybrid
              ? `Meaning + keyword search (${embedding.model ?? 'embedding model'})`
              : 'Keyword-only search'
            : 'Unknown'}
        </strong>
        {embedding && !hybrid && (
          <span className="small">
            {embedding.reason ?? 'No embedding model found; questions are matched by their words.'}
          </span>
        )}
      </div>
      {desktop && (
        <button
          type="button"
          className="btn-small"
          onClick={() =>
            void settings
              .getState()
              .importModelFolder()
              .then(() => library.getState().refreshStatus())
          }
        >
          Import model folder…
        </button>
      )}
      {message && (
        <p className="small" role="status">
          {message}
        </p>
      )}
      <h3>Library</h3>
      <p className="small">
        <span className="muted">Location: </span>
        <code>{status?.libraryDir ?? info?.libraryDir ?? '—'}</code>
      </p>
      {status && (
        <p className="small muted">
          {status.documents} documents · {status.chunks} passages
        </p>
      )}
    </section>
  )
}
