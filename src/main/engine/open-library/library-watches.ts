// The watched folders of an open library (docs/watched-folders.md), owned by its OpenLibrary: one
// FolderWatcher per folder, importing through the owner's import batch, stopped before the
// Library is replaced or closed and started again on the new one.
import fs from 'node:fs'
import path from 'node:path'
import { QuireError } from '@shared/errors.js'
import type { WatchState } from '@shared/watch-types.js'
import { FolderWatcher, type WatchEvent, type WatchTarget } from '../watch/folder-watcher.js'
import { WatchStore } from '../watch/watch-store.js'

/** Whether, and how, an open library's folders are watched (OpenLibraryOptions.watch). */
export interface WatchSettings {
  /**
   * Start every folder the library remembers when it opens (the app, browser mode); false: only
   * the folders added while it is open (`quire watch DIR`).
   */
  saved: boolean
  /**
   * Every watch's changes and states, from the first start-up rescan on, with the state of every
   * running watch (what the app tells each window).
   */
  onEvent?: (e: WatchEvent, folders: WatchState[]) => void
  /** How long a file's size must stay the same before it is read, ms (FolderWatcher's default otherwise). */
  settleMs?: number
  /** How often a disappeared folder is looked for, ms (FolderWatcher's default otherwise). */
  lookEveryMs?: number
}

export class LibraryWatches {
  private readonly watchers = new Map<string, FolderWatcher>()

  /**
   * `settings` null: nothing is watched unless a folder is added (`quire ask` and the other
   * commands open a library without watching it).
   */
  constructor(
    private readonly target: WatchTarget,
    private readonly settings: WatchSettings | null,
  ) {}

  /** Every running watch's state, by folder. */
  list(): WatchState[] {
    return [...this.watchers.values()].map((w) => w.state())
  }

  /** Watches the folder (remembered by the library), importing into the collection when one is given. */
  async add(folder: string, collectionId: number | null = null): Promise<WatchState[]> {
    const dir = path.resolve(folder)
    if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory())
      throw new QuireError(
        'WATCH_NOT_A_FOLDER',
        `${folder} is not a folder. Give the path of a folder to watch.`,
      )
    if (!this.watchers.has(dir)) await this.start(dir, collectionId)
    return this.list()
  }

  /** Stops applying changes until resume(), also in the next runs (the library remembers it). */
  async pause(folder: string): Promise<WatchState[]> {
    await this.watcher(folder).pause()
    return this.list()
  }

  async resume(folder: string): Promise<WatchState[]> {
    await this.watcher(folder).resume()
    return this.list()
  }

  /** Stops watching the folder for good; its documents stay in the library. */
  async remove(folder: string): Promise<WatchState[]> {
    const w = this.watcher(folder)
    this.watchers.delete(w.folder)
    // Its last state ('stopped') is told with the folder already out of the list.
    await w.unwatch()
    return this.list()
  }

  /** Resolves when every watch has applied every change seen so far. */
  async idle(): Promise<void> {
    await Promise.all([...this.watchers.values()].map((w) => w.idle()))
  }

  /** Starts the folders the library remembers, when the owner was asked to (settings.saved). */
  async startSaved(): Promise<void> {
    if (!this.settings?.saved) return
    for (const f of new WatchStore(this.target.db).folders()) await this.start(f.path, f.collectionId)
  }

  /**
   * Stops every watch for this run (the library still remembers them); returns the folders that
   * were running, for restart() once the Library is replaced.
   */
  async stop(): Promise<string[]> {
    const all = [...this.watchers.values()]
    this.watchers.clear()
    await Promise.all(all.map((w) => w.stop()))
    return all.map((w) => w.folder)
  }

  /**
   * Starts again on the Library as it is now (a new connection): the folders it remembers that
   * were running, or all it remembers when the owner starts them. A deleted library remembers none.
   */
  async restart(wereRunning: readonly string[]): Promise<void> {
    const running = new Set(wereRunning)
    for (const f of new WatchStore(this.target.db).folders())
      if (this.settings?.saved || running.has(f.path)) await this.start(f.path, f.collectionId)
  }

  private watcher(folder: string): FolderWatcher {
    const w = this.watchers.get(path.resolve(folder))
    if (!w) throw new QuireError('WATCH_NOT_FOUND', `${folder} is not watched.`)
    return w
  }

  private async start(dir: string, collectionId: number | null): Promise<void> {
    const { onEvent, settleMs, lookEveryMs } = this.settings ?? {}
    const tell = onEvent ? (e: WatchEvent) => onEvent(e, this.list()) : undefined
    const w = await FolderWatcher.start(this.target, dir, {
      collectionId,
      ...(settleMs !== undefined ? { settleMs } : {}),
      ...(lookEveryMs !== undefined ? { lookEveryMs } : {}),
      ...(tell ? { onEvent: tell } : {}),
    })
    this.watchers.set(w.folder, w)
    tell?.({ kind: 'state', state: w.state() })
  }
}
