// Accepts documents and folders dropped anywhere on the window. Desktop hands paths to library.import
// (the main process walks folders); the browser reads the files (walking dropped folders here).
import { useEffect, useState } from 'react'
import { setRelativePath } from '@renderer/lib/upload-name.js'

export interface DropTarget {
  /** Desktop: the dropped items' paths. */
  onPaths?: (paths: string[]) => void
  /** Browser: the files found in the dropped items (the library store picks the importable ones and says what it skipped). */
  onFiles: (files: File[]) => void
  pathForFile?: (file: File) => string
}

export function useFileDrop(target: DropTarget): boolean {
  const [over, setOver] = useState(false)
  useEffect(() => {
    let depth = 0
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files')
    function enter(e: DragEvent): void {
      if (!hasFiles(e)) return
      e.preventDefault()
      depth++
      setOver(true)
    }
    function overHandler(e: DragEvent): void {
      if (!hasFiles(e)) return
      e.preventDefault()
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy'
    }
    function leave(e: DragEvent): void {
      if (!hasFiles(e)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setOver(false)
    }
    function drop(e: DragEvent): void {
      if (!e.dataTransfer) return
      e.preventDefault()
      depth = 0
      setOver(false)
      const files = Array.from(e.dataTransfer.files)
      if (target.pathForFile && target.onPaths) {
        const paths = files.map((f) => target.pathForFile!(f)).filter(Boolean)
        if (paths.length > 0) {
          target.onPaths(paths)
          return
        }
      }
      const entries = Array.from(e.dataTransfer.items ?? [])
        .map((it) => (typeof it.webkitGetAsEntry === 'function' ? it.webkitGetAsEntry() : null))
        .filter((x): x is FileSystemEntry => x !== null)
      if (entries.some((en) => en.isDirectory)) {
        void collectFiles(entries).then(target.onFiles)
      } else {
        target.onFiles(files)
      }
    }
    window.addEventListener('dragenter', enter)
    window.addEventListener('dragover', overHandler)
    window.addEventListener('dragleave', leave)
    window.addEventListener('drop', drop)
    return () => {
      window.removeEventListener('dragenter', enter)
      window.removeEventListener('dragover', overHandler)
      window.removeEventListener('dragleave', leave)
      window.removeEventListener('drop', drop)
    }
  }, [target])
  return over
}

async function collectFiles(entries: FileSystemEntry[]): Promise<File[]> {
  const out: File[] = []
  for (const entry of entries) {
    if (entry.isFile) {
      const file = await new Promise<File>((res, rej) => (entry as FileSystemFileEntry).file(res, rej))
      // Keeps "Q3/report.pdf" for the upload name; other files go on so the library can say it skipped them.
      setRelativePath(file, entry.fullPath)
      out.push(file)
    } else if (entry.isDirectory) {
      out.push(...(await collectFiles(await readAll(entry as FileSystemDirectoryEntry))))
    }
  }
  return out
}

async function readAll(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader()
  const all: FileSystemEntry[] = []
  // readEntries returns at most ~100 entries per call; keep reading until it returns none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((res, rej) => reader.readEntries(res, rej))
    if (batch.length === 0) return all
    all.push(...batch)
  }
}
