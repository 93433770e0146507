import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { replaceFile } from '../store/atomic-file.js'
import { INDEX_VERSION } from '../store/index-version.js'
import { OCR_PAGES_FOLDER, removeKeptPages } from '../store/library-files.js'
import type { RawPage } from '../ingest/extract-pdf.js'
import type { OcrPageInfo } from './ocr-page.js'

/**
 * The library's folder of recognised pages not yet stored: OCR costs seconds per page, and an import
 * of a long scan that was stopped (killed, the app closed, Ctrl-C) used to start again at page 1.
 * Each recognised page is written here as soon as it is read; an import of the same file with the
 * same recognition settings takes the pages it finds instead of reading them again. A document's
 * pages go once it is stored (or has failed for good): the database then holds its text.
 */
export { OCR_PAGES_FOLDER }

/** One recognised page as the rest of the import takes it. */
export interface KeptPage {
  raw: RawPage
  info: OcrPageInfo
}

/**
 * Recognised pages of one file (by the SHA-256 of its bytes), under
 * `ocr-pages/<file sha256>/<settings hash>-<page>.json`. The settings hash covers everything else
 * the page's text depends on (recogniser version, language data, parameters, dpi, and the import
 * pipeline's version), so a change to any of them reads the page again instead of reusing it.
 */
export class KeptOcrPages {
  private readonly folder: string
  private readonly prefix: string

  constructor(libraryDir: string, fileSha256: string, settings: string) {
    this.folder = path.join(libraryDir, OCR_PAGES_FOLDER, fileSha256)
    this.prefix = createHash('sha256').update(`${INDEX_VERSION}\n${settings}`).digest('hex').slice(0, 16)
  }

  /** Opens the kept pages of `bytes` in a library; null without a library (no resuming). */
  static of(libraryDir: string | undefined, bytes: Uint8Array, settings: string): KeptOcrPages | null {
    if (!libraryDir) return null
    return new KeptOcrPages(libraryDir, createHash('sha256').update(bytes).digest('hex'), settings)
  }

  private file(pageNo: number): string {
    return path.join(this.folder, `${this.prefix}-${pageNo}.json`)
  }

  /** Whether the page was kept (read or not: get() may still find it torn). */
  has(pageNo: number): boolean {
    return fs.existsSync(this.file(pageNo))
  }

  /** The page as recognised before, or null (never read, or a torn or unreadable entry). */
  get(pageNo: number): KeptPage | null {
    try {
      const kept = JSON.parse(fs.readFileSync(this.file(pageNo), 'utf8')) as KeptPage
      return kept.raw?.pageNo === pageNo && Array.isArray(kept.raw.lines) ? kept : null
    } catch {
      return null
    }
  }

  /**
   * Keeps a page just recognised. Written through a temp file and renamed (store/atomic-file.ts): a
   * kill mid-write leaves no half page. Best effort: a page that cannot be kept (a full disk) is
   * only read again if the import is interrupted.
   */
  put(pageNo: number, page: KeptPage): void {
    try {
      fs.mkdirSync(this.folder, { recursive: true })
      replaceFile(this.file(pageNo), (tmp) => fs.writeFileSync(tmp, JSON.stringify(page)))
    } catch {
      // Resuming is an optimisation; the import itself goes on.
    }
  }
}

/** Removes the kept pages of a file, by name (store/library-files.ts): its document is stored (or failed for good). */
export function forgetKeptPages(libraryDir: string, fileSha256: string): void {
  removeKeptPages(libraryDir, fileSha256)
}
