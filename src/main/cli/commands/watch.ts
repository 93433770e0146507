// `quire watch DIR`: watches a folder in the foreground (docs/watched-folders.md). Files saved,
// changed, removed, renamed or moved there are imported, re-indexed, removed or re-pointed as it
// happens, one line each; Ctrl-C stops it.
import fs from 'node:fs'
import path from 'node:path'
import { QuireError } from '@shared/errors.js'
import { formatExtent } from '@shared/importable-files.js'
import { countOf } from '@shared/labels.js'
import type { IngestFileReport } from '@shared/library-types.js'
import { OpenLibrary } from '../../engine/open-library/open-library.js'
import { countWatchedFiles, type WatchEvent } from '../../engine/watch/folder-watcher.js'
import { KEEP_DUPLICATES } from './ingest.js'
import type { Io } from '../output.js'
import { forTerminal } from '../terminal-text.js'

export interface WatchCommandOptions {
  library: string
  /** null: keyword-only (`--model-dir none`). */
  modelDir: string | null
  ocr: boolean
  /** `--collection NAME`: its files go into this collection too, made when there is none. */
  collection?: string
}

function importedLine(d: IngestFileReport): string {
  const what =
    d.status === 'indexed'
      ? `${formatExtent(d.format ?? 'pdf', d.pages)}, ${countOf(d.chunks, 'passage')}${d.reindex ? ', re-indexed' : ''}`
      : (d.error ?? '')
  const code = d.errorCode ? ` [${d.errorCode}]` : ''
  const status = d.status === 'indexed' ? 'added' : d.status
  const keep = d.duplicateOf && !d.duplicateOf.sameBytes ? `\n         ${KEEP_DUPLICATES}` : ''
  return `${status.padEnd(8)} ${forTerminal(d.file)}  ${forTerminal(what)}${code}${keep}\n`
}

export async function watchCommand(dir: string, opts: WatchCommandOptions, io: Io): Promise<number> {
  const folder = path.resolve(dir)
  if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory())
    throw new QuireError(
      'WATCH_NOT_A_FOLDER',
      `${dir} is not a folder. Give the folder to watch (quire ingest imports single files).`,
    )
  let last = ''
  const onEvent = (e: WatchEvent) => {
    if (e.kind === 'imported') io.stdout.write(importedLine(e.report))
    else if (e.kind === 'removed') io.stdout.write(`${'removed'.padEnd(8)} ${forTerminal(e.file)}\n`)
    else if (e.state.status !== last) {
      last = e.state.status
      if (last === 'unavailable')
        io.stdout.write(
          `${forTerminal(folder)} is not there (an unplugged drive or a dropped share?): its documents are marked unavailable and nothing is removed. Watching for it to come back.\n`,
        )
      else if (last === 'watching') io.stdout.write(`Watching ${forTerminal(folder)}. Ctrl-C stops.\n`)
    }
  }
  // The library's own watch, as the app runs it (OpenLibrary.watches): only this folder is started,
  // importing in this process (nothing else runs here to keep responsive, and a worker per saved
  // file would cost its start each time); closing the library stops it.
  const owner = await OpenLibrary.open(opts.library, {
    modelDir: opts.modelDir,
    imports: { ocr: () => opts.ocr, inThisProcess: true },
    watch: { saved: false, onEvent },
  })
  try {
    io.stdout.write(
      `Rescanning ${forTerminal(folder)} (${countOf(await countWatchedFiles(folder), 'file')}) into ${forTerminal(opts.library)}${opts.collection !== undefined ? `, collection ${forTerminal(opts.collection)}` : ''}…\n`,
    )
    const collectionId = opts.collection !== undefined ? owner.collections.ensure(opts.collection).id : null
    await owner.watches.add(folder, collectionId)
    await new Promise<void>((resolve) => {
      const source = io.interrupts ?? process
      const onInterrupt = () => {
        source.off('SIGINT', onInterrupt)
        resolve()
      }
      source.on('SIGINT', onInterrupt)
    })
    io.stderr.write('Stopping: the file in hand is finished or left for the next start…\n')
    return 0
  } finally {
    await owner.close()
  }
}
