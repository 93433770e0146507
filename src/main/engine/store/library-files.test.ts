import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { deleteLibraryFiles, LIBRARY_FILES, otherFiles, UPLOAD_COPIES_FILE } from './library-files.js'

const tempDir = useTempDirs()

function write(dir: string, rel: string, text = 'x'): void {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
  fs.writeFileSync(path.join(dir, rel), text)
}

/** Every file under `dir`, relative, sorted. */
function tree(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort()
}

describe('the files a library folder holds', () => {
  it("Delete removes Quire's files by name and leaves everything else", () => {
    const dir = tempDir()
    for (const name of LIBRARY_FILES) write(dir, name)
    // The list of upload copies names one copy, and one path outside imported/ that is never touched.
    write(dir, UPLOAD_COPIES_FILE, JSON.stringify({ copies: ['imported/Q3/report.pdf', 'report.pdf'] }))
    write(dir, `vectors.hnsw.${process.pid}-0.tmp`)
    write(dir, 'sessions/123-0-1700000000000')
    write(dir, '.uploading/0f8fad5b-d9cb-469f-a165-70867728950e.part')
    write(dir, 'imported/Q3/report.pdf')
    // The user's.
    write(dir, 'notes.txt')
    write(dir, 'report.pdf')
    write(dir, 'Q3/summary.pdf')
    write(dir, 'sessions/README.txt')
    write(dir, '.uploading/keep.txt')
    write(dir, 'imported/mine.pdf')
    write(dir, 'notes.txt.1-2.tmp')
    fs.mkdirSync(path.join(dir, 'vectors.json.d'))
    write(dir, 'library.sqlite-backup')

    expect(otherFiles(dir).names).toContain('imported/mine.pdf')
    expect(otherFiles(dir).names).not.toContain('imported/Q3/report.pdf')
    const left = deleteLibraryFiles(dir)
    expect(tree(dir)).toEqual(
      [
        '.uploading',
        '.uploading/keep.txt',
        'Q3',
        'Q3/summary.pdf',
        'imported',
        'imported/mine.pdf',
        'library.sqlite-backup',
        'notes.txt',
        'notes.txt.1-2.tmp',
        'report.pdf',
        'sessions',
        'sessions/README.txt',
        'vectors.json.d',
      ].sort(),
    )
    expect(left.names).toEqual(
      [
        '.uploading/keep.txt',
        'Q3',
        'imported/mine.pdf',
        'library.sqlite-backup',
        'notes.txt',
        'notes.txt.1-2.tmp',
        'report.pdf',
        'sessions/README.txt',
        'vectors.json.d',
      ].sort(),
    )
  })

  it('a folder that holds only Quire files has no other files, and Delete leaves it empty', () => {
    const dir = tempDir()
    for (const name of ['library.sqlite', 'library.sqlite-wal', 'vectors.hnsw', 'import.lock'])
      write(dir, name)
    write(dir, 'sessions/1-0-2')
    const sha = 'a'.repeat(64)
    write(dir, `ocr-pages/${sha}/0123456789abcdef-1.json`)
    write(dir, `ocr-pages/${sha}/0123456789abcdef-2.json.${process.pid}-0.tmp`)
    expect(otherFiles(dir)).toEqual({ count: 0, names: [] })
    deleteLibraryFiles(dir)
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it('counts every other file and names at most the limit', () => {
    const dir = tempDir()
    for (let i = 0; i < 30; i++) write(dir, `file-${String(i).padStart(2, '0')}.pdf`)
    const other = otherFiles(dir, 5)
    expect(other.count).toBe(30)
    expect(other.names).toEqual(['file-00.pdf', 'file-01.pdf', 'file-02.pdf', 'file-03.pdf', 'file-04.pdf'])
  })

  it("kept OCR pages go by name, and a user's file among them stays", () => {
    const dir = tempDir()
    const sha = 'b'.repeat(64)
    write(dir, `ocr-pages/${sha}/0123456789abcdef-7.json`)
    write(dir, `ocr-pages/${sha}/scan-notes.txt`)
    write(dir, 'ocr-pages/mine.txt')
    expect(otherFiles(dir).names).toEqual([`ocr-pages/${sha}/scan-notes.txt`, 'ocr-pages/mine.txt'])
    deleteLibraryFiles(dir)
    expect(tree(dir)).toEqual(
      ['ocr-pages', 'ocr-pages/mine.txt', `ocr-pages/${sha}`, `ocr-pages/${sha}/scan-notes.txt`].sort(),
    )
  })
})
