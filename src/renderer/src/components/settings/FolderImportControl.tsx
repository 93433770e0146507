// "Import … folder": the native folder picker on desktop (no path: the main process asks), a
// path field in browser mode, where the page cannot open a picker on the server's disk and the
// server judges the typed folder. Shared by the embedding-model and the reranker imports.
import { useState } from 'react'

export interface FolderImportControlProps {
  /** Desktop shell: one button that opens the native folder picker. */
  desktop: boolean
  /** The button's text in both modes, e.g. "Import model folder…". */
  buttonLabel: string
  /** The path field's label in browser mode, e.g. "Model folder". */
  fieldLabel: string
  /** The path field's element id (unique in the page), for its label. */
  fieldId: string
  /** An example path shown in the empty field. */
  placeholder: string
  /** Called with no path on desktop, with the typed path in browser mode. */
  onImport: (path?: string) => void
}

export function FolderImportControl({
  desktop,
  buttonLabel,
  fieldLabel,
  fieldId,
  placeholder,
  onImport,
}: FolderImportControlProps) {
  const [folder, setFolder] = useState('')
  if (desktop) {
    return (
      <button type="button" className="btn-small" onClick={() => onImport()}>
        {buttonLabel}
      </button>
    )
  }
  return (
    <form
      className="field-row"
      onSubmit={(e) => {
        e.preventDefault()
        if (folder.trim()) onImport(folder)
      }}
    >
      <label htmlFor={fieldId}>{fieldLabel}</label>
      <input
        id={fieldId}
        value={folder}
        placeholder={placeholder}
        spellCheck={false}
        onChange={(e) => setFolder(e.target.value)}
      />
      <button type="submit" className="btn-small" disabled={!folder.trim()}>
        {buttonLabel}
      </button>
    </form>
  )
}
