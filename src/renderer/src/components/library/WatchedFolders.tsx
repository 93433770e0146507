// Watched folders (docs/watched-folders.md): watch a folder by its path, see each folder's state
// (watching, changes waiting, last change, errors), pause, resume and stop watching it.
import { useEffect, useState, type FormEvent } from 'react'
import { baseName } from '@shared/labels.js'
import { watchStatusWords, type WatchState } from '@shared/watch-types.js'
import { call } from '@renderer/transport/api-types.js'
import { useCollections, useStores } from '@renderer/stores/app-stores.js'
import { InlineError } from '../common/InlineError.js'

function lastChangeWords(iso: string | null): string {
  return iso ? `last change ${new Date(iso).toLocaleTimeString()}` : 'no change yet'
}

export function WatchedFolders() {
  const { api } = useStores()
  // A folder watched while a collection is open imports into it.
  const current = useCollections((s) => s.current)
  const collections = useCollections((s) => s.items)
  const nameOf = (id: number | null) => collections.find((c) => c.id === id)?.name ?? null
  const [folders, setFolders] = useState<WatchState[]>([])
  const [path, setPath] = useState('')
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    void call(api, 'watch.list', {}).then(setFolders, () => {})
    return api.on('watch.changed', (e) => setFolders(e.folders))
  }, [api])

  const run = async (p: Promise<WatchState[]>) => {
    try {
      setFolders(await p)
      setError(null)
      return true
    } catch (err) {
      setError((err as Error).message)
      return false
    }
  }

  const watch = async (e: FormEvent) => {
    e.preventDefault()
    const folder = path.trim()
    if (!folder) return
    const into = current === null ? {} : { collectionId: current }
    if (await run(call(api, 'watch.add', { folder, ...into }))) setPath('')
  }

  return (
    <section className="watched-folders" aria-label="Watched folders">
      <form className="watch-form" onSubmit={(e) => void watch(e)}>
        <input
          type="text"
          className="search"
          placeholder="Path of a folder to watch"
          aria-label="Folder to watch"
          value={path}
          onChange={(e) => setPath(e.target.value)}
        />
        <button
          type="submit"
          className="btn"
          title={nameOf(current) ? `Its documents also go into ${nameOf(current)}` : undefined}
        >
          Watch folder
        </button>
      </form>
      <InlineError error={error} />
      {folders.length > 0 && (
        <ul className="watch-list">
          {folders.map((f) => (
            <li key={f.folder} className={`watch-row is-${f.status}`}>
              <span className="watch-name" title={f.folder}>
                {baseName(f.folder)}
              </span>
              <span className="watch-state small" role="status">
                {nameOf(f.collectionId) ? `Into ${nameOf(f.collectionId)} · ` : ''}
                {watchStatusWords(f)} · {lastChangeWords(f.lastChange)}
                {f.errors.length > 0 && ` · ${f.errors.length} ${f.errors.length === 1 ? 'error' : 'errors'}`}
              </span>
              {f.errors.length > 0 && (
                <span className="watch-error small">
                  {baseName(f.errors.at(-1)!.file)}: {f.errors.at(-1)!.message}
                </span>
              )}
              {f.sameText && (
                <span className="watch-note small">
                  {baseName(f.sameText.file)}: {f.sameText.message} It was not added again.
                </span>
              )}
              {f.status === 'paused' ? (
                <button
                  type="button"
                  className="btn"
                  aria-label={`Resume watching ${baseName(f.folder)}`}
                  onClick={() => void run(call(api, 'watch.resume', { folder: f.folder }))}
                >
                  Resume
                </button>
              ) : (
                <button
                  type="button"
                  className="btn"
                  aria-label={`Pause watching ${baseName(f.folder)}`}
                  onClick={() => void run(call(api, 'watch.pause', { folder: f.folder }))}
                >
                  Pause
                </button>
              )}
              <button
                type="button"
                className="btn"
                aria-label={`Stop watching ${baseName(f.folder)}`}
                title="Stop watching (its documents stay in the library)"
                onClick={() => void run(call(api, 'watch.remove', { folder: f.folder }))}
              >
                Stop
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
