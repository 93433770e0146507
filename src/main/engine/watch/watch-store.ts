// What the library remembers of its watched folders (docs/watched-folders.md): each folder, and each
// file seen there with the size, modification time and content hash it had when it was imported.
import type { Db } from '../store/open-database.js'

export interface WatchedFolderRow {
  id: number
  path: string
  collectionId: number | null
  paused: boolean
}

export interface SeenFile {
  path: string
  size: number
  mtimeMs: number
  sha256: string
}

export class WatchStore {
  private readonly q
  constructor(private readonly db: Db) {
    this.q = {
      folder: db.prepare(`SELECT id, path, collection_id, paused FROM watched_folders WHERE path = ?`),
      folders: db.prepare(`SELECT id, path, collection_id, paused FROM watched_folders ORDER BY path`),
      addFolder: db.prepare(
        `INSERT INTO watched_folders (path, collection_id) VALUES (?, ?)
         ON CONFLICT(path) DO UPDATE SET collection_id = excluded.collection_id`,
      ),
      setPaused: db.prepare(`UPDATE watched_folders SET paused = ? WHERE id = ?`),
      dropFolder: db.prepare(`DELETE FROM watched_folders WHERE id = ?`),
      files: db.prepare(
        `SELECT path, size, mtime_ms AS mtimeMs, sha256 FROM watched_files WHERE folder_id = ?`,
      ),
      putFile: db.prepare(
        `INSERT OR REPLACE INTO watched_files (path, folder_id, size, mtime_ms, sha256) VALUES (?, ?, ?, ?, ?)`,
      ),
      dropFile: db.prepare(`DELETE FROM watched_files WHERE path = ?`),
      markUnavailable: db.prepare(
        `UPDATE documents SET unavailable = ? WHERE path = ? OR substr(path, 1, length(?)) = ?`,
      ),
    }
  }

  private static row(r: { id: number; path: string; collection_id: number | null; paused: number }) {
    return { id: r.id, path: r.path, collectionId: r.collection_id, paused: r.paused === 1 }
  }

  /** The folder's row, added (with its collection) when it is not watched yet. */
  watch(folder: string, collectionId: number | null): WatchedFolderRow {
    this.q.addFolder.run(folder, collectionId)
    return this.folder(folder)!
  }

  folder(folder: string): WatchedFolderRow | null {
    const r = this.q.folder.get(folder) as Parameters<typeof WatchStore.row>[0] | undefined
    return r ? WatchStore.row(r) : null
  }

  folders(): WatchedFolderRow[] {
    return (this.q.folders.all() as Parameters<typeof WatchStore.row>[0][]).map(WatchStore.row)
  }

  setPaused(id: number, paused: boolean): void {
    this.q.setPaused.run(paused ? 1 : 0, id)
  }

  /** Stops watching: the folder's documents stay in the library. */
  unwatch(id: number): void {
    this.q.dropFolder.run(id)
  }

  /** The files seen in the folder, by path. */
  files(folderId: number): Map<string, SeenFile> {
    return new Map((this.q.files.all(folderId) as SeenFile[]).map((f) => [f.path, f]))
  }

  putFile(folderId: number, f: SeenFile): void {
    this.q.putFile.run(f.path, folderId, f.size, f.mtimeMs, f.sha256)
  }

  dropFile(file: string): void {
    this.q.dropFile.run(file)
  }

  /** Marks the documents under `folder` unavailable (its disk is gone) or available again. */
  markUnavailable(folder: string, unavailable: boolean, sep: string): void {
    const prefix = folder.endsWith(sep) ? folder : folder + sep
    this.q.markUnavailable.run(unavailable ? 1 : 0, folder, prefix, prefix)
  }
}
