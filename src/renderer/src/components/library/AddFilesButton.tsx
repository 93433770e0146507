// "Add PDFs…": the native picker on desktop; a hidden <input type=file> in the browser.
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
        aria-label="Add PDFs"
      >
        Add PDFs…
      </button>
      {desktop && (
        <button
          type="button"
          className="btn-small"
          onClick={() => onPick(true)}
          aria-label="Add a folder of PDFs"
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
          aria-label="Choose PDF files"
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
