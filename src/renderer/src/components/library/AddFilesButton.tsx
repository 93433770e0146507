// "Add documents…" and "Add folder…": the native pickers on desktop; hidden <input type=file>s in
// the browser, the folder's with webkitdirectory (every file under the folder, each named by its
// path in it; what Quire cannot read is left out and named, as for a drop). What the file picker
// offers is the shared table of importable formats (shared/importable-files.ts).
import { useRef } from 'react'
import { IMPORTABLE_EXTENSIONS, IMPORTABLE_TYPES } from '@shared/importable-files.js'

export function AddFilesButton({
  desktop,
  onPick,
  onFiles,
}: {
  desktop: boolean
  onPick: (folders: boolean) => void
  onFiles: (files: File[]) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const folderInput = useRef<HTMLInputElement>(null)
  const chosen = (e: React.ChangeEvent<HTMLInputElement>) => {
    onFiles(Array.from(e.target.files ?? []))
    e.target.value = ''
  }
  return (
    <>
      <button
        type="button"
        className="btn-small"
        onClick={() => (desktop ? onPick(false) : input.current?.click())}
        aria-label="Add documents"
      >
        Add documents…
      </button>
      <button
        type="button"
        className="btn-small"
        onClick={() => (desktop ? onPick(true) : folderInput.current?.click())}
        aria-label="Add a folder of documents"
      >
        Add folder…
      </button>
      {!desktop && (
        <input
          ref={input}
          type="file"
          multiple
          accept={[...IMPORTABLE_EXTENSIONS.map((e) => `.${e}`), ...IMPORTABLE_TYPES].join(',')}
          hidden
          aria-label="Choose documents"
          data-testid="file-input"
          onChange={chosen}
        />
      )}
      {!desktop && (
        <input
          ref={folderInput}
          type="file"
          multiple
          // React has no prop for it: Chromium, Firefox and Safari all take the attribute.
          {...{ webkitdirectory: '' }}
          hidden
          aria-label="Choose a folder"
          data-testid="folder-input"
          onChange={chosen}
        />
      )}
    </>
  )
}
