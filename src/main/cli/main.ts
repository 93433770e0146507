import { Command, InvalidArgumentError } from 'commander'
import { errorCodeOf, errorMessageOf } from '../../shared/errors.js'
import { docsCommand, removeCommand } from './commands/docs.js'
import { ingestCommand } from './commands/ingest.js'
import { searchCommand } from './commands/search.js'
import { defaultModelDir } from './model-location.js'
import { processIo, type Io } from './output.js'

function positiveInt(v: string): number {
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive whole number')
  return n
}

const collect = (v: string, acc: string[]) => [...acc, v]

/** Builds the `quire` command line. Every command returns an exit code; nothing calls process.exit. */
export function buildCli(
  io: Io = processIo,
  setExit: (code: number) => void = (c) => (process.exitCode = c),
): Command {
  const program = new Command('quire')
    .description('Quire: ask questions of your PDFs, fully offline.')
    .showHelpAfterError()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
  const run = (p: Promise<number>) => p.then(setExit)

  program
    .command('ingest')
    .description('import PDF files and folders (recursively) into a library')
    .argument('<paths...>', 'PDF files or folders')
    .requiredOption('--library <dir>', 'library folder (created if missing)')
    .option('--model-dir <dir>', 'embedding model folder (default: resources/models/all-MiniLM-L6-v2)')
    .option('--json', 'print one JSON report instead of a progress bar', false)
    .action((paths: string[], o) =>
      run(
        ingestCommand(paths, { library: o.library, modelDir: defaultModelDir(o.modelDir), json: o.json }, io),
      ),
    )

  program
    .command('search')
    .description('find the passages that answer a question')
    .argument('[question]', 'the question')
    .requiredOption('--library <dir>', 'library folder')
    .option('--model-dir <dir>', 'embedding model folder')
    .option('--k <n>', 'number of passages', positiveInt, 10)
    .option('--context <question>', 'an earlier question of the conversation (repeatable)', collect, [])
    .option('--queries <file>', 'JSONL file of {"id","query","context"} lines: batch mode')
    .option('--json', 'print JSON', false)
    .action((question: string | undefined, o) =>
      run(
        searchCommand(
          question,
          {
            library: o.library,
            modelDir: defaultModelDir(o.modelDir),
            k: o.k,
            context: o.context,
            queries: o.queries,
            json: o.json,
          },
          io,
        ),
      ),
    )

  program
    .command('docs')
    .description('list the documents in a library')
    .requiredOption('--library <dir>', 'library folder')
    .option('--json', 'print JSON', false)
    .action((o) => run(docsCommand({ library: o.library, json: o.json }, io)))

  program
    .command('remove')
    .description('remove a document (by path or id) from a library')
    .argument('<file>', 'path of the document as imported, or its id')
    .requiredOption('--library <dir>', 'library folder')
    .option('--model-dir <dir>', 'embedding model folder')
    .action((file: string, o) =>
      run(removeCommand(file, { library: o.library, modelDir: defaultModelDir(o.modelDir) }, io)),
    )

  return program
}

/** Entry point: runs the CLI, turning any failure into one readable line (never a stack trace). */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  let code = 0
  const program = buildCli(io, (c) => (code = c))
  program.exitOverride()
  try {
    await program.parseAsync(argv, { from: 'user' })
  } catch (err) {
    const e = err as { code?: string; exitCode?: number }
    if (typeof e.code === 'string' && e.code.startsWith('commander.')) return e.exitCode ?? 1
    io.stderr.write(`quire: ${errorMessageOf(err)} [${errorCodeOf(err)}]\n`)
    if (process.env.QUIRE_DEBUG) io.stderr.write(`${(err as Error).stack}\n`)
    return 1
  }
  return code
}
