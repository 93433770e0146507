// "Add documents…": the native picker on desktop; a hidden <input type=file> in the browser. What
// it offers is the shared table of importable formats (shared/importable-files.ts).
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
      {desktop && (
        <button
          type="button"
          className="btn-small"
          onClick={() => onPick(true)}
          aria-label="Add a folder of documents"
        >
          Add folder…
        </button>
      )}
      {!desktop && (
        <input
          ref={input}
          type="file"
          multiple
          accept={[...IMPORTABLE_EXTENSIONS.map((e) => `.${e}`), ...IMPORTABLE_TYPES].join(',')}
          hidden
          aria-label="Choose documents"
          data-testid="file-input"
          onChange={(e) => {
            onFiles(Array.from(e.target.files ?? []))
            e.target.value = ''
          }}
        />
      )}
    </>
  )
}
