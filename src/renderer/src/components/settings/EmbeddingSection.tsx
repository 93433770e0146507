// Embedding model state (hybrid search or keyword-only) and "Import model folder…": the native
// folder picker on desktop, a path field in browser mode (the server checks the folder).
import { useState } from 'react'
import { useLibrary, useSettings, useStores } from '@renderer/stores/app-stores.js'
import { QueryHelpSection } from './QueryHelpSection.js'
import { ContextHeadersSection } from './ContextHeadersSection.js'
import { RerankerSection } from './RerankerSection.js'

export function EmbeddingSection() {
  const { settings, library } = useStores()
  const status = useLibrary((s) => s.status)
  const desktop = useSettings((s) => s.info?.shell === 'desktop')
  const message = useSettings((s) => s.modelImportMessage)
  const [modelPath, setModelPath] = useState('')
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
      {desktop ? (
        <button type="button" className="btn-small" onClick={() => importFolder()}>
          Import model folder…
        </button>
      ) : (
        <form
          className="field-row"
          onSubmit={(e) => {
            e.preventDefault()
            if (modelPath.trim()) importFolder(modelPath)
          }}
        >
          <label htmlFor="model-folder">Model folder</label>
          <input
            id="model-folder"
            value={modelPath}
            placeholder="/path/to/all-MiniLM-L6-v2"
            spellCheck={false}
            onChange={(e) => setModelPath(e.target.value)}
          />
          <button type="submit" className="btn-small" disabled={!modelPath.trim()}>
            Import model folder…
          </button>
        </form>
      )}
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
