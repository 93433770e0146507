import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTextPdf, paragraphLines, type TextPdfSpec } from '@tests/fixtures/pdf-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { Library } from '../library.js'
import { FolderWatcher, type WatchEvent, type WatchTarget } from './folder-watcher.js'

/**
 * A Library as a watch's target, importing in this process: the watcher's own behaviour without
 * an import worker per change (an open library's watches: open-library/library-watches.test.ts).
 */
function watchTargetOf(lib: Library): WatchTarget {
  return {
    db: lib.db,
    ingest: (paths, { signal }) => lib.ingest(paths, signal ? { signal } : {}),
    removePath: (file) => void lib.remove(file),
  }
}

const tempDir = useTempDirs()
const open: { lib: Library; watcher: FolderWatcher | null }[] = []
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.watcher?.stop()
    await o.lib.close()
  }
})

/** A three-page report on `topic`, long enough for its text to be compared (docs/duplicates.md). */
function report(topic: string, width = 80): TextPdfSpec {
  const sentences = [
    `The ${topic} survey began with a census of every site along the northern transect.`,
    `Field teams recorded ${topic} measurements twice a day through the whole season.`,
    `Results on ${topic} were compared with the archive kept since the first expedition.`,
    `An appendix on ${topic} lists the instruments, their calibration and their faults.`,
  ]
  return {
    title: `Report on ${topic}`,
    pages: [0, 1, 2].map((n) => ({
      lines: [
        { text: `${n + 1}. ${topic} section ${n + 1}`, size: 16 },
        ...paragraphLines([...sentences.slice(n), ...sentences.slice(0, n)], width),
      ],
    })),
  }
}

/** Waits for an event, however long the machine takes (a generous bound, not a speed test). */
function eventually(
  events: WatchEvent[],
  pred: (e: WatchEvent) => boolean,
  ms = 60_000,
): Promise<WatchEvent> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const look = () => {
      const found = events.find(pred)
      if (found) return resolve(found)
      if (Date.now() - started > ms)
        return reject(new Error(`the watcher did not report the change: ${JSON.stringify(events)}`))
      setTimeout(look, 25)
    }
    look()
  })
}

const imported = (file: string, status?: string) => (e: WatchEvent) =>
  e.kind === 'imported' && e.report.file === file && (!status || e.report.status === status)

async function startWatch(folder: string, libDir = tempDir()) {
  const lib = await Library.open(libDir)
  const events: WatchEvent[] = []
  const watcher = await FolderWatcher.start(watchTargetOf(lib), folder, {
    settleMs: 200,
    lookEveryMs: 100,
    onEvent: (e) => events.push(e),
  })
  open.push({ lib, watcher })
  return { lib, watcher, events, libDir }
}

describe('FolderWatcher', () => {
  it('imports a file saved into the folder and removes the passages of a file deleted from it', async () => {
    const folder = tempDir()
    const { lib, watcher, events } = await startWatch(folder)
    expect(watcher.state().status).toBe('watching')
    const file = path.join(folder, 'glaciers.pdf')
    fs.writeFileSync(file, await makeTextPdf(report('glacier')))
    await eventually(events, imported(file, 'indexed'))
    expect((await lib.search('glacier census northern transect')).results[0]?.file).toBe(file)
    expect(watcher.state().lastChange).not.toBeNull()

    fs.rmSync(file)
    await eventually(events, (e) => e.kind === 'removed' && e.file === file)
    expect(lib.documents()).toHaveLength(0)
    expect((await lib.search('glacier census northern transect')).results).toHaveLength(0)
  })

  it('re-points a renamed or moved file instead of importing it again, and re-indexes a changed one', async () => {
    const folder = tempDir()
    const file = path.join(folder, 'a.pdf')
    fs.writeFileSync(file, await makeTextPdf(report('lichen')))
    const { lib, events } = await startWatch(folder)
    await eventually(events, imported(file, 'indexed'))
    const id = lib.documents()[0]!.id

    fs.mkdirSync(path.join(folder, 'sub'))
    const moved = path.join(folder, 'sub', 'b.pdf')
    fs.renameSync(file, moved)
    await eventually(events, imported(moved))
    await eventually(events, () => lib.documents()[0]?.path === moved)
    expect(lib.documents().map((d) => [d.id, d.path])).toEqual([[id, moved]])

    fs.writeFileSync(moved, await makeTextPdf(report('moss')))
    await eventually(events, (e) => imported(moved, 'indexed')(e) && events.indexOf(e) > 0)
    await eventually(events, () => lib.documents()[0]?.title === 'Report on moss')
    expect((await lib.search('moss census')).results[0]?.file).toBe(moved)
  })

  it('tells a re-saved duplicate dropped into the folder as the same text, and keeps one document', async () => {
    const folder = tempDir()
    const { lib, watcher, events } = await startWatch(folder)
    const a = path.join(folder, 'sandwich-CL.pdf')
    fs.writeFileSync(a, await makeTextPdf(report('sandwich')))
    await eventually(events, imported(a, 'indexed'))
    const copy = path.join(folder, 'sandwich-copy.pdf')
    fs.writeFileSync(copy, await makeTextPdf(report('sandwich', 60)))
    const e = await eventually(events, imported(copy, 'skipped'))
    expect(e.kind === 'imported' && e.report.error).toBe(
      'Same text as sandwich-CL.pdf, already in the library.',
    )
    expect(lib.documents()).toHaveLength(1)
    await eventually(events, () => watcher.state().sameText !== null)
    expect(watcher.state().sameText).toEqual({
      file: copy,
      message: 'Same text as sandwich-CL.pdf, already in the library.',
    })
  })

  it('rescans at start-up: what was added, changed or removed while nothing watched is applied, the rest is not read', async () => {
    const folder = tempDir()
    const keep = path.join(folder, 'keep.pdf')
    const change = path.join(folder, 'change.pdf')
    const gone = path.join(folder, 'gone.pdf')
    fs.writeFileSync(keep, await makeTextPdf(report('basalt')))
    fs.writeFileSync(change, await makeTextPdf(report('granite')))
    fs.writeFileSync(gone, await makeTextPdf(report('marble')))
    const first = await startWatch(folder)
    for (const f of [keep, change, gone]) await eventually(first.events, imported(f, 'indexed'))
    await first.watcher.stop()
    await first.lib.close()
    open.splice(0)

    const added = path.join(folder, 'added.pdf')
    fs.writeFileSync(added, await makeTextPdf(report('quartz')))
    fs.writeFileSync(change, await makeTextPdf(report('slate')))
    fs.rmSync(gone)
    const again = await startWatch(folder, first.libDir)
    await eventually(again.events, imported(added, 'indexed'))
    await eventually(again.events, imported(change, 'indexed'))
    await eventually(again.events, (e) => e.kind === 'removed' && e.file === gone)
    await again.watcher.idle()
    expect(again.events.some(imported(keep))).toBe(false)
    expect(
      again.lib
        .documents()
        .map((d) => path.basename(d.path))
        .sort(),
    ).toEqual(['added.pdf', 'change.pdf', 'keep.pdf'])
  })

  it('marks the documents of a folder that disappeared unavailable, removes nothing, and picks up when it is back', async () => {
    const root = tempDir()
    const folder = path.join(root, 'drive')
    fs.mkdirSync(folder)
    const file = path.join(folder, 'a.pdf')
    fs.writeFileSync(file, await makeTextPdf(report('coral')))
    const { lib, watcher, events } = await startWatch(folder)
    await eventually(events, imported(file, 'indexed'))

    const away = path.join(root, 'unplugged')
    fs.renameSync(folder, away)
    await eventually(events, () => watcher.state().status === 'unavailable')
    expect(lib.documents()).toMatchObject([{ path: file, unavailable: true }])

    fs.renameSync(away, folder)
    await eventually(events, () => watcher.state().status === 'watching')
    await watcher.idle()
    expect(lib.documents()).toHaveLength(1)
    expect(lib.documents()[0]?.unavailable).toBeUndefined()
  })

  it('imports nothing while paused, and what changed meanwhile once resumed', async () => {
    const folder = tempDir()
    const { lib, watcher, events } = await startWatch(folder)
    await watcher.pause()
    expect(watcher.state().status).toBe('paused')
    const file = path.join(folder, 'a.pdf')
    fs.writeFileSync(file, await makeTextPdf(report('tundra')))
    await new Promise((r) => setTimeout(r, 500))
    expect(lib.documents()).toHaveLength(0)
    await watcher.resume()
    await eventually(events, imported(file, 'indexed'))
    expect(watcher.state().status).toBe('watching')
  })
})
