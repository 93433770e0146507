// Watched folders (docs/watched-folders.md). The start-up rescan of an unchanged watched tree of
// --files files (10,000 by default; target ≤ 2 s): a synthetic tree of small text files, recorded
// as a watch that imported them all would have (size, modification time, hash), then the rescan
// alone and the whole start (chokidar watching the tree, then the rescan), each --reps times.
// Then the latency of a change, --latency-reps times in a small watched folder: a text file saved
// into it until search finds it, and removed until its passages are gone (target 3 s plus the
// file's own import time, which is reported beside it). The watches are an open library's own
// (OpenLibrary.watches), as `quire watch` runs them: importing in this process (the app's go through
// its import worker, whose start adds to each change).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { OpenLibrary } from '../../src/main/engine/open-library/open-library.js'
import type { WatchEvent } from '../../src/main/engine/watch/folder-watcher.js'
import { listFolder, rescanFolder, sha256OfFile } from '../../src/main/engine/watch/rescan.js'
import { WatchStore } from '../../src/main/engine/watch/watch-store.js'
import { arg, emit, log } from '../lib/env.js'
import { summarize } from '../lib/stats.js'

const files = Number(arg('files', '10000'))
const reps = Number(arg('reps', '3'))
const latencyReps = Number(arg('latency-reps', '5'))
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-watch-'))

async function rescanOfUnchangedTree() {
  const root = path.join(work, 'tree')
  // 100 folders of 100 files, two levels deep, as a case folder's subfolders are.
  for (let i = 0; i < files; i++) {
    const dir = path.join(root, `case-${Math.floor(i / 1000)}`, `part-${Math.floor(i / 100) % 10}`)
    if (i % 100 === 0) fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, `note-${i}.txt`), `Note ${i}: the measurements of site ${i % 97}.\n`)
  }
  const owner = await OpenLibrary.open(path.join(work, 'lib-tree'))
  const lib = owner.library
  const store = new WatchStore(lib.db)
  const folder = store.watch(root, null)
  const listed = await listFolder(root)
  lib.db.transaction(() => {
    for (const f of listed) store.putFile(folder.id, { ...f, sha256: '' })
  })()
  // Hashes as an import records them (they are only read when a size or time moved).
  for (const f of listed) store.putFile(folder.id, { ...f, sha256: await sha256OfFile(f.path) })
  log(`watch: ${listed.length} files recorded`)
  const rescan: number[] = []
  const start: number[] = []
  for (let r = 0; r < reps; r++) {
    let t = performance.now()
    const found = await rescanFolder(root, store.files(folder.id))
    rescan.push(performance.now() - t)
    if (found.changed.length || found.gone.length) throw new Error('the unchanged tree was found changed')
    t = performance.now()
    await owner.watches.add(root)
    start.push(performance.now() - t)
    await owner.watches.stop()
    log(`watch: rescan ${Math.round(rescan.at(-1)!)} ms, whole start ${Math.round(start.at(-1)!)} ms`)
  }
  await owner.close()
  return { rescan: summarize(rescan), start: summarize(start) }
}

async function changeLatency() {
  const folder = path.join(work, 'latency')
  fs.mkdirSync(folder)
  const events: { e: WatchEvent; at: number }[] = []
  const owner = await OpenLibrary.open(path.join(work, 'lib-latency'), {
    imports: { inThisProcess: true },
    watch: { saved: false, onEvent: (e) => events.push({ e, at: performance.now() }) },
  })
  const lib = owner.library
  await owner.watches.add(folder)
  const waitFor = async (pred: () => Promise<boolean>) => {
    while (!(await pred())) await new Promise((r) => setTimeout(r, 10))
    return performance.now()
  }
  const added: number[] = []
  const removed: number[] = []
  const imports: number[] = []
  for (let r = 0; r < latencyReps; r++) {
    const word = `zircon${r}quartz`
    const file = path.join(folder, `note-${r}.txt`)
    const saved = performance.now()
    fs.writeFileSync(file, `# Field note ${r}\n\nThe ${word} sample was logged at the northern transect.\n`)
    const found = await waitFor(async () => (await lib.search(word)).results.some((h) => h.file === file))
    const report = events.find((x) => x.e.kind === 'imported' && x.e.report.file === file)
    added.push(found - saved)
    imports.push(report ? report.at - saved : NaN)
    const gone = performance.now()
    fs.rmSync(file)
    removed.push(
      (await waitFor(async () => (await lib.search(word)).results.every((h) => h.file !== file))) - gone,
    )
    log(
      `watch: searchable after ${Math.round(added.at(-1)!)} ms, gone after ${Math.round(removed.at(-1)!)} ms`,
    )
  }
  await owner.close()
  return { added: summarize(added), removed: summarize(removed), imported: summarize(imports) }
}

try {
  const tree = await rescanOfUnchangedTree()
  const latency = await changeLatency()
  emit({
    files,
    rescan_ms: Math.round(tree.rescan.median),
    start_ms: Math.round(tree.start.median),
    searchable_after_save_ms: Math.round(latency.added.median),
    gone_after_remove_ms: Math.round(latency.removed.median),
    spread: { rescan: tree.rescan, start: tree.start, added: latency.added, removed: latency.removed },
  })
} finally {
  fs.rmSync(work, { recursive: true, force: true })
}
