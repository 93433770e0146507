// The app's watched folders (docs/watched-folders.md): one FolderWatcher per folder, started with
// the app for every folder the library remembers, importing through the app's import worker.
import fs from 'node:fs'
import path from 'node:path'
import { QuireError } from '@shared/errors.js'
import type { WatchState } from '@shared/watch-types.js'
import { FolderWatcher, type WatchTarget } from '../engine/watch/folder-watcher.js'
import { WatchStore } from '../engine/watch/watch-store.js'
import type { EventBus } from './event-bus.js'
import type { AppLibrary } from './library-service.js'

export class WatchService {
  private readonly watchers = new Map<string, FolderWatcher>()

  constructor(
    private readonly library: AppLibrary,
    private readonly events: EventBus,
  ) {}

  /** The library as a watch drives it: its database, its worker's import, removal by path. */
  private target(): WatchTarget {
    const library = this.library
    return {
      get db() {
        return library.library.db
      },
      ingest: (paths, opts) => library.ingest(paths, opts),
      removePath: (file) => void library.library.remove(file),
    }
  }

  /** Starts watching every folder the library remembers (paused ones stay paused). */
  async startSaved(): Promise<void> {
    for (const f of new WatchStore(this.library.library.db).folders())
      await this.start(f.path, f.collectionId)
  }

  /** Stops every watch and starts them again on the library as it is now (after a reopen). */
  async restart(): Promise<void> {
    await this.stopAll()
    await this.startSaved()
  }

  list(): WatchState[] {
    return [...this.watchers.values()].map((w) => w.state())
  }

  /** Watches the folder, importing into the collection when one is given (docs/collections.md). */
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
    await w.unwatch()
    this.changed()
    return this.list()
  }

  async stopAll(): Promise<void> {
    const all = [...this.watchers.values()]
    this.watchers.clear()
    await Promise.all(all.map((w) => w.stop()))
  }

  private watcher(folder: string): FolderWatcher {
    const w = this.watchers.get(path.resolve(folder))
    if (!w) throw new QuireError('WATCH_NOT_FOUND', `${folder} is not watched.`)
    return w
  }

  private changed(): void {
    this.events.emit('watch.changed', { folders: this.list() })
  }

  private async start(dir: string, collectionId: number | null): Promise<void> {
    const w = await FolderWatcher.start(this.target(), dir, {
      collectionId,
      onEvent: (e) => {
        if (e.kind === 'state') this.changed()
        else this.events.emit('library.changed', {})
      },
    })
    this.watchers.set(w.folder, w)
    this.changed()
  }
}
