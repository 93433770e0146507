import type { OpenLibrary } from '../engine/open-library/open-library.js'
import type { Reranker } from '../engine/rerank/reranker.js'
import { openReranker } from '../services/reranker-locations.js'
import type { Io } from './output.js'

/**
 * Opens a library for a command that only reads its documents (search, ask, chat, conversations), runs the
 * command and closes it. Read-only: such a command never writes the vector index while an import
 * may be saving it. One exception: when passages lack vectors (the index file was lost, or is
 * behind after a crash) and no import runs, the index is rebuilt once, in the background while
 * the command answers in keyword mode, and saved, so the next command finds it whole. Before, each
 * command re-embedded the missing passages in memory (over a minute for a large library) and
 * threw the work away.
 */
export async function withReadLibrary(
  dir: string,
  modelDir: string | null,
  io: Io,
  fn: (owner: OpenLibrary) => Promise<number>,
  opts: { readOnlyFolder?: boolean; rerankerDir?: string | null; workerUrl?: string } = {},
): Promise<number> {
  const { Library } = await import('../engine/library.js')
  const { OpenLibrary } = await import('../engine/open-library/open-library.js')
  const { rerankerDir = null, workerUrl, ...open } = opts
  const lib = await Library.open(
    dir,
    modelDir ? { ...open, modelDir, readOnly: true, reconcile: 'later' } : { ...open, readOnly: true },
  )
  let reranker: Reranker | null = null
  try {
    reranker = await openReranker(rerankerDir, workerUrl)
    lib.useReranker(reranker)
    const missing = lib.vectorsMissing()
    const progress = rebuildProgress(io)
    const rebuild = lib.rebuildVectorsIfFree(progress.update)
    if (rebuild === 'rebuilding')
      io.stderr.write(
        `The vector index lacks ${missing} passage${missing === 1 ? '' : 's'}: answering in keyword mode while it is rebuilt and saved (once; later commands use it).\n`,
      )
    else if (rebuild === 'import-running')
      io.stderr.write(
        `The vector index lacks ${missing} passage${missing === 1 ? '' : 's'}: answering in keyword mode; the import in progress rebuilds it.\n`,
      )
    else if (rebuild === 'read-only')
      io.stderr.write(
        `The vector index lacks ${missing} passage${missing === 1 ? '' : 's'}: answering in keyword mode (the library folder is read-only, so it cannot be rebuilt here).\n`,
      )
    // The command's one owner of the library: its collections, conversations and answerer.
    const code = await fn(OpenLibrary.over(lib))
    if (rebuild === 'rebuilding') {
      // The answer is out; the rebuild finishes (and is saved) before the command ends.
      await lib.rebuildDone()
      progress.done(lib.vectorsMissing())
    }
    return code
  } finally {
    await lib.close()
    await reranker?.dispose()
  }
}

/** The rebuild's progress on stderr: a live count on a terminal, a closing line always. */
function rebuildProgress(io: Io): {
  update: (done: number, total: number) => void
  done: (stillMissing: number) => void
} {
  const live = !!io.stdout.isTTY
  let shown = false
  return {
    update(done, total) {
      if (!live || total === 0) return
      shown = true
      io.stderr.write(`\rRebuilding the vector index: ${done}/${total} passages`)
    },
    done(stillMissing) {
      if (shown) io.stderr.write('\n')
      io.stderr.write(
        stillMissing === 0
          ? 'The vector index is rebuilt and saved.\n'
          : `The vector index still lacks ${stillMissing} passages; the next command continues the rebuild.\n`,
      )
    },
  }
}
