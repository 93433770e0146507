import { checkLibrary, repairLibrary } from '../../engine/check-library.js'
import { isWritableLibrary, Library } from '../../engine/library.js'
import { summariseProblems } from '../../engine/store/check-database.js'
import type { Io } from '../output.js'
import { printJson } from '../output.js'

export interface CheckCommandOptions {
  library: string
  /** null: keyword-only (`--model-dir none`). */
  modelDir: string | null
  repair: boolean
  json: boolean
}

/**
 * `quire check [--repair]`: SQLite's full integrity check and the full-text index's own check;
 * with --repair, rebuilds the indexes and re-imports damaged documents from their files.
 * Exit 0 when the library is sound (after repair), 1 when damage remains.
 */
export async function checkCommand(opts: CheckCommandOptions, io: Io): Promise<number> {
  // Opening rebuilds a lost or damaged vector index; its progress goes to stderr.
  const onReconcile = (done: number, total: number) => {
    if (total > 0 && !opts.json)
      io.stderr.write(`Rebuilding the vector index: ${done} of ${total} passages\n`)
  }
  const report = opts.repair
    ? await repairLibrary(opts.library, { modelDir: opts.modelDir, onReconcile })
    : await checkOnly(opts, onReconcile)
  if (opts.json) {
    printJson(io, report)
    return report.ok ? 0 : 1
  }
  if (report.ok && !report.repaired) io.stdout.write('The library is sound: no damage found.\n')
  else if (report.ok) io.stdout.write('The library was damaged and is repaired.\n')
  else {
    // SQLite's listing can run to hundreds of lines: the count and the first, the rest in --json.
    io.stdout.write(`The library is damaged: ${summariseProblems(report.problems)}\n`)
    io.stdout.write('`quire check --json` lists every problem.\n')
    if (!report.repaired) io.stdout.write('Run `quire check --repair` to rebuild what can be rebuilt.\n')
    else
      io.stdout.write(
        'Repair could not fix everything. Move this library folder aside and import your documents into a new one (your documents themselves are untouched).\n',
      )
  }
  for (const f of report.reimported) io.stdout.write(`re-imported  ${f}\n`)
  for (const u of report.unrecoverable) io.stdout.write(`not restored ${u.path}: ${u.reason}\n`)
  return report.ok ? 0 : 1
}

async function checkOnly(opts: CheckCommandOptions, onReconcile: (done: number, total: number) => void) {
  // A library on a read-only disk can still be checked (read into memory, nothing written).
  const readOnly = !isWritableLibrary(opts.library)
  const lib = await Library.open(opts.library, {
    modelDir: opts.modelDir,
    onReconcile,
    readOnly,
    readOnlyFolder: true,
  })
  try {
    return await checkLibrary(lib, { repair: false })
  } finally {
    await lib.close()
  }
}
