// Embedding model state (hybrid search or keyword-only) and "Import model folder…": the native
// folder picker on desktop, a path field in browser mode (the server checks the folder).
import { useLibrary, useSettings, useStores } from '@renderer/stores/app-stores.js'
import { QueryHelpSection } from './QueryHelpSection.js'
import { ContextHeadersSection } from './ContextHeadersSection.js'
import { RerankerSection } from './RerankerSection.js'
import { FolderImportControl } from './FolderImportControl.js'

export function EmbeddingSection() {
  const { settings, library } = useStores()
  const status = useLibrary((s) => s.status)
  const desktop = useSettings((s) => s.info?.shell === 'desktop')
  const message = useSettings((s) => s.modelImportMessage)
  const embedding = status?.embedding
  const hybrid = embedding?.mode === 'hybrid'
  const importFolder = (typed?: string) =>
    void settings
      .getState()
      .importModelFolder(typed)
      .then(() => library.getState().refreshStatus())
  return (
    <section className="settings-section" aria-label="Search">
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
      <FolderImportControl
        desktop={desktop}
        buttonLabel="Import model folder…"
        fieldLabel="Model folder"
        fieldId="model-folder"
        placeholder="/path/to/all-MiniLM-L6-v2"
        onImport={importFolder}
      />
      {message && (
        <p className="small" role="status">
          {message}
        </p>
      )}
      <RerankerSection />
      <QueryHelpSection />
      <ContextHeadersSection />
    </section>
  )
}
