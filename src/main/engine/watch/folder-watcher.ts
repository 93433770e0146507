// A watched folder (docs/watched-folders.md): files added, changed, removed, renamed or moved there
// are imported, re-indexed, removed or re-pointed without a click. chokidar reports changes while
// the folder is watched, once a file has stopped changing (no half-written file is read); the
// rescan at each start finds what changed while nothing watched. A folder that disappears (an
// unplugged drive, a dropped share) marks its documents unavailable and removes nothing.
import fs from 'node:fs'
import path from 'node:path'
import { watch, type FSWatcher } from 'chokidar'
import { errorMessageOf } from '@shared/errors.js'
import type { WatchState, WatchStatus } from '@shared/watch-types.js'
import type { IngestFileReport, IngestReport } from '@shared/library-types.js'
import type { Db } from '../store/open-database.js'
import { isWatchedName, listFolder, rescanFolder, sha256OfFile } from './rescan.js'
import { WatchStore, type WatchedFolderRow } from './watch-store.js'

export type { WatchState, WatchStatus }

export type WatchEvent =
  | { kind: 'imported'; report: IngestFileReport }
  | { kind: 'removed'; file: string }
  | { kind: 'state'; state: WatchState }

export interface FolderWatcherOptions {
  /** The collection the folder imports into (null: all documents). */
  collectionId?: number | null
  /** How long a file's size must stay the same before it is read, ms. Default 1000. */
  settleMs?: number
  /** How often a disappeared folder is looked for, ms. Default 2000. */
  lookEveryMs?: number
  onEvent?: (e: WatchEvent) => void
}

const MAX_ERRORS = 20

/**
 * What a watch drives: the library's database (the watch's own records), its import and its
 * removal by path. An open library's owner is one (OpenLibrary.watches: imports in its worker).
 */
export interface WatchTarget {
  readonly db: Db
  /** Imports the files, and puts what it imported (or found already there) into the collection. */
  ingest(paths: string[], opts: { signal?: AbortSignal; collectionId?: number }): Promise<IngestReport>
  /** Removes one location of a document (Library.remove by path): the document goes with its last. */
  removePath(file: string): void | Promise<void>
}

export class FolderWatcher {
  private readonly store: WatchStore
  private row: WatchedFolderRow
  private watcher: FSWatcher | null = null
  private readonly imports = new Set<string>()
  private readonly removals = new Set<string>()
  private inHand = 0
  /** The files of the pass being applied. */
  private inFlight = new Set<string>()
  private status: WatchStatus = 'starting'
  private lastChange: string | null = null
  private readonly errors: WatchState['errors'] = []
  private sameText: WatchState['sameText'] = null
  private running: Promise<void> | null = null
  private timer: NodeJS.Timeout | null = null
  private looking: NodeJS.Timeout | null = null
  private readonly controller = new AbortController()

  private constructor(
    private readonly target: WatchTarget,
    readonly folder: string,
    private readonly opts: FolderWatcherOptions,
  ) {
    this.store = new WatchStore(target.db)
    this.row = this.store.watch(folder, opts.collectionId ?? null)
  }

  /**
   * Watches `folder` (recorded in the library, so the next start rescans it): resolves once the
   * start-up rescan's changes are queued and chokidar watches; they are applied in the background.
   */
  static async start(
    target: WatchTarget,
    folder: string,
    opts: FolderWatcherOptions = {},
  ): Promise<FolderWatcher> {
    const w = new FolderWatcher(target, path.resolve(folder), opts)
    if (w.row.paused) w.setStatus('paused')
    else await w.begin()
    return w
  }

  state(): WatchState {
    return {
      folder: this.folder,
      collectionId: this.row.collectionId,
      status: this.status,
      waiting: this.imports.size + this.removals.size + this.inHand,
      lastChange: this.lastChange,
      errors: [...this.errors],
      sameText: this.sameText,
    }
  }

  /** Stops applying changes until resume(); what changes meanwhile is found by resume's rescan. */
  async pause(): Promise<void> {
    this.store.setPaused(this.row.id, true)
    await this.halt()
    this.setStatus('paused')
  }

  async resume(): Promise<void> {
    this.store.setPaused(this.row.id, false)
    if (this.status === 'paused') await this.begin()
  }

  /** Stops watching for this run (the folder stays watched for the next). */
  async stop(): Promise<void> {
    this.controller.abort()
    await this.halt()
    this.setStatus('stopped')
  }

  /** Stops watching the folder for good: its documents stay in the library. */
  async unwatch(): Promise<void> {
    await this.stop()
    this.store.unwatch(this.row.id)
  }

  /** Resolves when nothing waits (every change seen so far is applied). */
  async idle(): Promise<void> {
    while (this.running || this.timer) await (this.running ?? new Promise((r) => setTimeout(r, 20)))
  }

  private async halt(): Promise<void> {
    if (this.looking) clearInterval(this.looking)
    this.looking = null
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.imports.clear()
    this.removals.clear()
    await this.watcher?.close()
    this.watcher = null
    await this.running
  }

  private setStatus(s: WatchStatus): void {
    this.status = s
    this.emitState()
  }

  private emitState(): void {
    this.opts.onEvent?.({ kind: 'state', state: this.state() })
  }

  private noteError(file: string, message: string): void {
    this.errors.push({ file, message, at: new Date().toISOString() })
    if (this.errors.length > MAX_ERRORS) this.errors.splice(0, this.errors.length - MAX_ERRORS)
  }

  /** Start or restart: the folder is looked for, watched, and rescanned against what was recorded. */
  private async begin(): Promise<void> {
    if (!fs.existsSync(this.folder)) return this.goUnavailable()
    this.store.markUnavailable(this.folder, false, path.sep)
    this.setStatus('starting')
    // The rescan first, so what changed while nothing watched is applied at once; chokidar's own
    // scan of a large tree takes longer (docs/watched-folders.md).
    await this.rescan()
    const settle = this.opts.settleMs ?? 1000
    const watcher = watch(this.folder, {
      ignoreInitial: true,
      // A file is reported once its size has not changed for `settle` ms: never half-written.
      awaitWriteFinish: { stabilityThreshold: settle, pollInterval: Math.min(100, settle) },
      ignored: (p, stats) =>
        path.basename(p).startsWith('.') || (stats?.isFile() === true && !isWatchedName(p)),
    })
    this.watcher = watcher
    watcher.on('add', (p) => this.queueImport(p))
    watcher.on('change', (p) => this.queueImport(p))
    watcher.on('unlink', (p) => this.queueRemoval(p))
    watcher.on('unlinkDir', (p) => {
      if (path.resolve(p) === this.folder) this.schedule()
    })
    watcher.on('error', (err) => this.noteError(this.folder, errorMessageOf(err)))
    await new Promise<void>((resolve) => watcher.once('ready', () => resolve()))
    // What changed while chokidar read the tree (its first scan reports nothing).
    await this.rescan()
    this.setStatus('watching')
  }

  /** Queues what differs from the files recorded for the folder (rescan.ts). */
  private async rescan(): Promise<void> {
    const found = await rescanFolder(this.folder, this.store.files(this.row.id))
    for (const f of found.touched) this.store.putFile(this.row.id, f)
    // A file being imported is not changed again: its record is written when the import ends.
    for (const f of found.changed) if (!this.inFlight.has(f)) this.imports.add(f)
    for (const f of found.gone) if (!this.inFlight.has(f)) this.removals.add(f)
    this.schedule()
  }

  private queueImport(file: string): void {
    if (!isWatchedName(file)) return
    this.removals.delete(file)
    this.imports.add(path.resolve(file))
    this.schedule()
  }

  private queueRemoval(file: string): void {
    if (!isWatchedName(file)) return
    this.imports.delete(file)
    this.removals.add(path.resolve(file))
    this.schedule()
  }

  /** Changes seen together are applied together: a rename's removal and addition in one pass. */
  private schedule(): void {
    this.emitState()
    if (this.timer || this.status === 'paused' || this.status === 'stopped') return
    this.timer = setTimeout(() => {
      this.timer = null
      if (this.running) return void this.running.then(() => this.schedule())
      this.running = this.apply().finally(() => {
        this.running = null
        if (this.imports.size || this.removals.size) this.schedule()
        else this.emitState()
      })
    }, 100)
  }

  private async apply(): Promise<void> {
    if (!fs.existsSync(this.folder)) return this.goUnavailable()
    const imports = [...this.imports]
    const removals = [...this.removals]
    this.imports.clear()
    this.removals.clear()
    this.inHand = imports.length + removals.length
    this.inFlight = new Set([...imports, ...removals])
    try {
      // Additions first: a renamed or moved file is found by its bytes and the document re-pointed
      // to it (ingest-files.ts), before the old path's removal finds nothing left to remove.
      if (imports.length) await this.importFiles(imports)
      for (const file of removals) {
        if (fs.existsSync(file)) continue
        // The whole folder went (an unplugged drive): nothing is removed.
        if (!fs.existsSync(this.folder)) return this.goUnavailable()
        await this.target.removePath(file)
        this.store.dropFile(file)
        this.opts.onEvent?.({ kind: 'removed', file })
        this.inHand--
        this.lastChange = new Date().toISOString()
      }
    } catch (err) {
      this.noteError(this.folder, errorMessageOf(err))
    } finally {
      this.inHand = 0
      this.inFlight = new Set()
    }
  }

  private async importFiles(files: string[]): Promise<void> {
    const report = await this.target.ingest(files, {
      signal: this.controller.signal,
      ...(this.row.collectionId !== null ? { collectionId: this.row.collectionId } : {}),
    })
    for (const d of report.documents) {
      this.inHand--
      if (d.errorCode === 'CANCELLED') continue
      // The file as it was read is recorded (a failed one too: it is tried again when it changes).
      const stat = fs.statSync(d.file, { throwIfNoEntry: false })
      if (stat)
        this.store.putFile(this.row.id, {
          path: d.file,
          size: stat.size,
          mtimeMs: stat.mtimeMs,
          sha256: await sha256OfFile(d.file).catch(() => ''),
        })
      if (d.status === 'failed') this.noteError(d.file, d.error ?? 'could not be imported')
      if (d.duplicateOf && !d.duplicateOf.sameBytes) this.sameText = { file: d.file, message: d.error ?? '' }
      this.lastChange = new Date().toISOString()
      this.opts.onEvent?.({ kind: 'imported', report: d })
    }
  }

  /** The folder is gone: its documents are marked unavailable, and it is looked for until it is back. */
  private async goUnavailable(): Promise<void> {
    this.imports.clear()
    this.removals.clear()
    await this.watcher?.close()
    this.watcher = null
    this.store.markUnavailable(this.folder, true, path.sep)
    this.setStatus('unavailable')
    if (this.looking) return
    this.looking = setInterval(() => {
      if (!fs.existsSync(this.folder) || this.status !== 'unavailable') return
      clearInterval(this.looking!)
      this.looking = null
      void this.begin().catch((err: unknown) => this.noteError(this.folder, errorMessageOf(err)))
    }, this.opts.lookEveryMs ?? 2000)
  }
}

/** The number of watched files under a folder (the CLI's first line). */
export async function countWatchedFiles(folder: string): Promise<number> {
  return (await listFolder(folder)).length
}
