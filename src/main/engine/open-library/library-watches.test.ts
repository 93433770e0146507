// The watched folders of an open library, as the app, browser mode and `quire watch` use them
// (OpenLibrary.watches): real folders in temp dirs, real SQLite, real chokidar; imports through the
// real import worker (the app's) in the first test, in this process (`quire watch`'s) in the others.
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { onePagePdf } from '@tests/fixtures/pdf-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import type { WatchEvent } from '../watch/folder-watcher.js'
import { OpenLibrary, type OpenLibraryOptions } from './open-library.js'

const tempDir = useTempDirs()
const opened: OpenLibrary[] = []
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close()
})

/** Opens the library importing in this process, unless `opts.imports` says otherwise. */
async function open(dir: string, opts: OpenLibraryOptions = {}): Promise<OpenLibrary> {
  const owner = await OpenLibrary.open(dir, { imports: { inThisProcess: true }, ...opts })
  opened.push(owner)
  return owner
}

/** Resolves once `pred` holds, however long the machine takes (a generous bound, not a speed test). */
async function until(pred: () => boolean, what: string, ms = 60_000): Promise<void> {
  const started = Date.now()
  while (!pred()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** Watch settings quick enough for a test, recording every event. */
function watching(saved: boolean) {
  const events: WatchEvent[] = []
  return {
    events,
    settings: { saved, settleMs: 200, lookEveryMs: 100, onEvent: (e: WatchEvent) => events.push(e) },
  }
}

describe('OpenLibrary.watches', () => {
  it('imports saved files into the folder’s collection through one import worker, removes a deleted one, and tells each state', async () => {
    const folder = tempDir()
    const { events, settings } = watching(false)
    const owner = await open(tempDir(), { watch: settings, imports: {} })
    const caseFile = owner.collections.create('Case 14')
    expect(await owner.watches.add(folder, caseFile.id)).toMatchObject([
      { folder, collectionId: caseFile.id, status: 'watching', waiting: 0 },
    ])
    expect(events.some((e) => e.kind === 'state' && e.state.status === 'watching')).toBe(true)

    const file = path.join(folder, 'basalt.pdf')
    fs.writeFileSync(file, await onePagePdf('basalt'))
    await until(() => events.some((e) => e.kind === 'imported' && e.report.file === file), 'the import')
    expect(owner.watches.list()[0]?.lastChange).not.toBeNull()
    const scoped = await owner.search('basalt census', {
      scope: { kind: 'collection', collectionId: caseFile.id },
    })
    expect(scoped.results[0]?.file).toBe(file)
    expect(scoped.scope).toMatchObject({ kind: 'collection', name: 'Case 14', documents: 1 })

    // The next change goes through the same import thread, not one of its own.
    const next = path.join(folder, 'granite.pdf')
    fs.writeFileSync(next, await onePagePdf('granite'))
    await until(() => events.some((e) => e.kind === 'imported' && e.report.file === next), 'the next import')
    expect(owner.watchImportThreads).toBe(1)

    fs.rmSync(file)
    await until(() => events.some((e) => e.kind === 'removed' && e.file === file), 'the removal')
    expect(owner.library.documents().map((d) => d.path)).toEqual([next])
  })

  it('keeps importing a folder whose collection was deleted, into the library only', async () => {
    const folder = tempDir()
    const { events, settings } = watching(false)
    const owner = await open(tempDir(), { watch: settings })
    const caseFile = owner.collections.create('Case 14')
    await owner.watches.add(folder, caseFile.id)
    owner.collections.delete(caseFile.id)
    const file = path.join(folder, 'slate.pdf')
    fs.writeFileSync(file, await onePagePdf('slate'))
    await until(() => events.some((e) => e.kind === 'imported' && e.report.file === file), 'the import')
    expect(owner.library.documents().map((d) => d.path)).toEqual([file])
    expect(owner.watches.list()[0]?.errors).toEqual([])
  })

  it('starts the folders the library remembers only when asked to, keeps a pause across openings, and removing a folder keeps its documents', async () => {
    const libDir = tempDir()
    const folder = tempDir()
    const file = path.join(folder, 'granite.pdf')
    fs.writeFileSync(file, await onePagePdf('granite'))
    const first = await open(libDir, { watch: watching(false).settings })
    await first.watches.add(folder)
    await first.watches.idle()
    expect(first.library.documents().map((d) => d.path)).toEqual([file])
    await first.close()
    opened.splice(0)

    // `quire ask` and the other commands: nothing watches.
    const reading = await open(libDir)
    expect(reading.watches.list()).toEqual([])
    await reading.close()
    opened.splice(0)

    // The app: every folder the library remembers watches from the start.
    const app = await open(libDir, { watch: watching(true).settings })
    expect(app.watches.list()).toMatchObject([{ folder, status: 'watching' }])
    expect((await app.watches.pause(folder))[0]?.status).toBe('paused')
    await app.close()
    opened.splice(0)

    const again = await open(libDir, { watch: watching(true).settings })
    expect(again.watches.list()).toMatchObject([{ folder, status: 'paused' }])
    expect((await again.watches.resume(folder))[0]?.status).toBe('watching')
    expect(await again.watches.remove(folder)).toEqual([])
    expect(again.library.documents().map((d) => d.path)).toEqual([file])
    await expect(again.watches.add(file)).rejects.toMatchObject({ code: 'WATCH_NOT_A_FOLDER' })
    await expect(again.watches.pause(folder)).rejects.toMatchObject({ code: 'WATCH_NOT_FOUND' })
  })

  it('follows the library when it is replaced: watching again on the new one after a repair, nothing after "delete this library"', async () => {
    const folder = tempDir()
    const { events, settings } = watching(true)
    const owner = await open(tempDir(), { watch: settings })
    await owner.watches.add(folder)

    await owner.check(true, null)
    expect(owner.watches.list()).toMatchObject([{ folder, status: 'watching' }])
    const file = path.join(folder, 'marble.pdf')
    fs.writeFileSync(file, await onePagePdf('marble'))
    await until(() => events.some((e) => e.kind === 'imported' && e.report.file === file), 'the import')
    expect((await owner.search('marble census')).results[0]?.file).toBe(file)

    await owner.deleteEverything(null)
    expect(owner.watches.list()).toEqual([])
    expect(owner.library.documents()).toEqual([])
  })

  it('stops every watch when the library closes', async () => {
    const folder = tempDir()
    const { events, settings } = watching(false)
    const owner = await open(tempDir(), { watch: settings })
    await owner.watches.add(folder)
    await owner.close()
    opened.splice(0)
    expect(owner.watches.list()).toEqual([])
    expect(events.at(-1)).toMatchObject({ kind: 'state', state: { folder, status: 'stopped' } })
  })
})
