import { Command, InvalidArgumentError } from 'commander'
import type { QueryHelpMode } from '@shared/chat-types.js'
import { errorCodeOf, errorMessageOf } from '@shared/errors.js'
import type { OpenLibrary } from '../engine/open-library/open-library.js'
import type { IngestWorkerPaths } from './commands/ingest.js'
import { LIBRARY_HELP, resolveLibrary } from './library-location.js'
import { otherFilesNote } from '../services/library-folder.js'
import { modelDirFlag } from '../services/model-locations.js'
import { rerankerFlag } from '../services/reranker-locations.js'
import { processIo, type Io } from './output.js'
import { withReadLibrary } from './read-library.js'
import { quireVersion } from './version.js'
import { forTerminal } from './terminal-text.js'
import { INGEST_REMEDIES, ingestRemedy } from '@shared/ingest-remedies.js'
import { importableFormats } from '@shared/skipped-files.js'

// Every command module is imported only when its command runs: `quire --help` and `quire docs`
// never load ONNX Runtime, pdf.js or the English dictionary (each costs 0.2-1 s to import).
const commands = {
  ask: () => import('./commands/ask.js'),
  summarize: () => import('./commands/summarize.js'),
  chat: () => import('./commands/chat.js'),
  check: () => import('./commands/check.js'),
  collections: () => import('./commands/collections.js'),
  conversations: () => import('./commands/conversations.js'),
  docs: () => import('./commands/docs.js'),
  ingest: () => import('./commands/ingest.js'),
  search: () => import('./commands/search.js'),
  watch: () => import('./commands/watch.js'),
}

function positiveInt(v: string): number {
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive whole number')
  return n
}

const MODEL_DIR_HELP = "embedding model folder, or 'none' for keyword-only search"
const RERANKER_HELP =
  "cross-encoder folder that reranks the passages found (default: the one imported in the app's Settings), or 'none'"
const COLLECTION_HELP = 'only the documents of this collection (quire collections lists them)'

const collect = (v: string, acc: string[]) => [...acc, v]

const QUERY_HELP_HELP =
  "before searching, the model writes other wordings of the question ('expand') or a passage that would answer it ('hyde'), searched too; 'off' (default)"

function queryHelpMode(v: string): QueryHelpMode {
  if (v === 'off' || v === 'expand' || v === 'hyde') return v
  throw new InvalidArgumentError("must be 'off', 'expand' or 'hyde'")
}

function queryHelpOptions(o: { queryHelp?: QueryHelpMode; queryHelpBudget?: number }) {
  return {
    ...(o.queryHelp ? { queryHelp: o.queryHelp } : {}),
    ...(o.queryHelpBudget ? { queryHelpBudgetMs: o.queryHelpBudget } : {}),
  }
}

/** Builds the `quire` command line. Every command returns an exit code; nothing calls process.exit. */
export function buildCli(
  io: Io = processIo,
  setExit: (code: number) => void = (c) => (process.exitCode = c),
  workers: IngestWorkerPaths = {},
): Command {
  const program = new Command('quire')
    .description(
      'Quire: ask questions of your documents (PDF, Word, OpenDocument, HTML, Markdown, text, EPUB, scans), fully offline.',
    )
    .version(quireVersion(), '-V, --version', 'print the version')
    .showHelpAfterError()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
  const run = (p: Promise<number>) => p.then(setExit)
  /** The library a command works on; a --library folder that also holds other files says so. */
  const chosenLibrary = (o: { library?: string }, create: boolean) => {
    const dir = resolveLibrary(o.library, { create })
    const note = o.library !== undefined ? otherFilesNote(dir) : null
    if (note) io.stderr.write(`${forTerminal(note)}\n`)
    return dir
  }
  const existingLibrary = (o: { library?: string }) => chosenLibrary(o, false)

  program
    .command('ingest')
    .description(`import documents and folders (recursively) into a library: ${importableFormats()}`)
    .argument('[paths...]', 'document files, or folders')
    .option('--library <dir>', `${LIBRARY_HELP}; created if missing`)
    .option('--outdated', 'also import again the documents an older version of Quire indexed', false)
    .option('--model-dir <dir>', `${MODEL_DIR_HELP} (default: resources/models/all-MiniLM-L6-v2)`)
    .option('--json', 'print one JSON report instead of a progress bar', false)
    .option('--no-ocr', 'do not OCR scanned pages (a PDF without a text layer then fails)')
    .option(
      '--keep-duplicates',
      'also add files whose text is already in the library (re-saved or re-exported copies)',
      false,
    )
    .option('--collection <name>', 'also put the documents into this collection (made if missing)')
    .option(
      '--context-headers',
      'then have the local model write a one-line context for each passage without one (one model call per passage; resumes)',
      false,
    )
    .option(
      '--ollama-url <url>',
      'Ollama server for --context-headers (default $OLLAMA_HOST or http://127.0.0.1:11434)',
    )
    .option('--model <name>', 'Ollama model for --context-headers (default: the one `ask` would use)')
    .action((paths: string[], o) =>
      run(
        commands.ingest().then((m) =>
          m.ingestCommand(
            paths,
            {
              library: chosenLibrary(o, true),
              modelDir: modelDirFlag(o.modelDir),
              json: o.json,
              ocr: o.ocr !== false,
              outdated: o.outdated,
              keepDuplicates: o.keepDuplicates,
              ...(o.collection !== undefined ? { collection: o.collection } : {}),
              ...(o.contextHeaders
                ? { contextHeaders: { ollamaUrl: ollamaUrl(o), ...(o.model ? { model: o.model } : {}) } }
                : {}),
              workers,
            },
            io,
          ),
        ),
      ),
    )

  program
    .command('watch')
    .description(
      'watch a folder: files saved, changed, removed or moved there are imported, re-indexed or removed as it happens (Ctrl-C stops)',
    )
    .argument('<dir>', 'the folder to watch (and its subfolders)')
    .option('--library <dir>', `${LIBRARY_HELP}; created if missing`)
    .option('--collection <name>', 'also put its documents into this collection (created if missing)')
    .option('--model-dir <dir>', `${MODEL_DIR_HELP} (default: resources/models/all-MiniLM-L6-v2)`)
    .option('--no-ocr', 'do not OCR scanned pages (a PDF without a text layer then fails)')
    .action((dir: string, o) =>
      run(
        commands.watch().then((m) =>
          m.watchCommand(
            dir,
            {
              library: chosenLibrary(o, true),
              modelDir: modelDirFlag(o.modelDir),
              ocr: o.ocr !== false,
              ...(o.collection !== undefined ? { collection: o.collection as string } : {}),
            },
            io,
          ),
        ),
      ),
    )

  program
    .command('search')
    .description('find the passages that answer a question')
    .argument('[question]', 'the question')
    .option('--library <dir>', LIBRARY_HELP)
    .option('--model-dir <dir>', MODEL_DIR_HELP)
    .option('--reranker <dir>', RERANKER_HELP)
    .option('--k <n>', 'number of passages', positiveInt, 10)
    .option('--context <question>', 'an earlier question of the conversation (repeatable)', collect, [])
    .option('--queries <file>', 'JSONL file of {"id","query","context"} lines: batch mode')
    .option('--collection <name>', COLLECTION_HELP)
    .option('--json', 'print JSON', false)
    .action((question: string | undefined, o) =>
      run(
        commands.search().then((m) =>
          m.searchCommand(
            question,
            {
              library: existingLibrary(o),
              modelDir: modelDirFlag(o.modelDir),
              rerankerDir: rerankerFlag(o.reranker),
              workerUrl: workers.workerUrl,
              k: o.k,
              context: o.context,
              queries: o.queries,
              ...(o.collection !== undefined ? { collection: o.collection } : {}),
              json: o.json,
            },
            io,
          ),
        ),
      ),
    )

  program
    .command('docs')
    .description('list the documents in a library')
    .option('--library <dir>', LIBRARY_HELP)
    .option('--collection <name>', COLLECTION_HELP)
    .option('--json', 'print JSON', false)
    .action((o) =>
      run(
        commands.docs().then((m) =>
          m.docsCommand(
            {
              library: existingLibrary(o),
              json: o.json,
              ...(o.collection !== undefined ? { collection: o.collection } : {}),
            },
            io,
          ),
        ),
      ),
    )

  program
    .command('collections')
    .description('list, create, rename or delete collections (named sets of documents)')
    .argument('[action]', 'list (the default), create NAME, rename NAME NEW-NAME or delete NAME')
    .argument('[names...]', 'the collection name(s), in quotes when they have spaces')
    .option('--library <dir>', LIBRARY_HELP)
    .option('--json', 'print JSON', false)
    .action((action: string | undefined, names: string[], o) =>
      run(
        commands
          .collections()
          .then((m) =>
            m.collectionsCommand(action, names, { library: existingLibrary(o), json: o.json }, io),
          ),
      ),
    )

  program
    .command('remove')
    .description('remove a document (by path or id) from a library')
    .argument('<file>', 'path of the document as imported, or its id')
    .option('--library <dir>', LIBRARY_HELP)
    .option('--model-dir <dir>', MODEL_DIR_HELP)
    .action((file: string, o) =>
      run(
        commands
          .docs()
          .then((m) =>
            m.removeCommand(file, { library: existingLibrary(o), modelDir: modelDirFlag(o.modelDir) }, io),
          ),
      ),
    )

  program
    .command('check')
    .description("check the library's database and full-text index for damage (after a crash, a full disk…)")
    .option('--library <dir>', LIBRARY_HELP)
    .option('--model-dir <dir>', MODEL_DIR_HELP)
    .option('--repair', 'rebuild the indexes and re-import damaged documents from their files', false)
    .option('--json', 'print JSON', false)
    .action((o) =>
      run(
        commands.check().then((m) =>
          m.checkCommand(
            {
              library: existingLibrary(o),
              modelDir: modelDirFlag(o.modelDir),
              repair: o.repair,
              json: o.json,
            },
            io,
          ),
        ),
      ),
    )

  program
    .command('ask')
    .description('ask a question; the answer streams in, grounded in the library and cited')
    .argument('<question>', 'the question')
    .option('--library <dir>', LIBRARY_HELP)
    .option('--conversation <id>', 'continue this conversation')
    .option('--collection <name>', 'ask in a new conversation of this collection, searching only it')
    .option('--ollama-url <url>', 'Ollama server (default $OLLAMA_HOST or http://127.0.0.1:11434)')
    .option('--model <name>', 'Ollama model (default: the first installed chat model)')
    .option('--model-dir <dir>', MODEL_DIR_HELP)
    .option('--reranker <dir>', RERANKER_HELP)
    .option('--query-help <mode>', QUERY_HELP_HELP, queryHelpMode)
    .option(
      '--query-help-budget <ms>',
      'how long query help may take before it is skipped (default 1500)',
      positiveInt,
    )
    .option('--json', 'print one JSON object', false)
    .action((question: string, o) =>
      run(
        withLibrary(existingLibrary(o), { ...o, workerUrl: workers.workerUrl }, io, async (lib) =>
          (await commands.ask()).runAsk(
            {
              question,
              conversation: o.conversation,
              ...(o.collection !== undefined ? { collection: o.collection } : {}),
              ollamaUrl: ollamaUrl(o),
              model: o.model,
              json: o.json,
              ...queryHelpOptions(o),
            },
            lib,
            io,
          ),
        ),
      ),
    )

  program
    .command('summarize')
    .description("a document's summary, built section by section by the local model, each sentence cited")
    .argument('<file>', "the document: its path, or its file name or title as 'quire docs' lists it")
    .option('--library <dir>', LIBRARY_HELP)
    .option('--ollama-url <url>', 'Ollama server (default $OLLAMA_HOST or http://127.0.0.1:11434)')
    .option('--model <name>', 'Ollama model (default: the first installed chat model)')
    .option('--model-dir <dir>', MODEL_DIR_HELP)
    .option('--json', 'print one JSON object', false)
    .action((file: string, o) =>
      run(
        withLibrary(existingLibrary(o), { ...o, workerUrl: workers.workerUrl }, io, async (lib) =>
          (await commands.summarize()).runSummarize(
            { file, ollamaUrl: ollamaUrl(o), model: o.model, json: o.json },
            lib,
            io,
          ),
        ),
      ),
    )

  program
    .command('chat')
    .description('an interactive session with history (/new, /history, /export FILE; Ctrl-C stops an answer)')
    .option('--library <dir>', LIBRARY_HELP)
    .option('--conversation <id>', 'continue this conversation')
    .option('--collection <name>', 'new conversations belong to this collection and search only it')
    .option('--ollama-url <url>', 'Ollama server (default $OLLAMA_HOST or http://127.0.0.1:11434)')
    .option('--model <name>', 'Ollama model')
    .option('--model-dir <dir>', MODEL_DIR_HELP)
    .option('--reranker <dir>', RERANKER_HELP)
    .option('--query-help <mode>', QUERY_HELP_HELP, queryHelpMode)
    .option(
      '--query-help-budget <ms>',
      'how long query help may take before it is skipped (default 1500)',
      positiveInt,
    )
    .action((o) =>
      run(
        withLibrary(existingLibrary(o), { ...o, workerUrl: workers.workerUrl }, io, async (lib) =>
          (await commands.chat()).runChat(
            {
              conversation: o.conversation,
              ...(o.collection !== undefined ? { collection: o.collection } : {}),
              ollamaUrl: ollamaUrl(o),
              model: o.model,
              ...queryHelpOptions(o),
            },
            lib,
            {
              ...io,
              input: process.stdin,
              terminal: !!process.stdin.isTTY,
            },
          ),
        ),
      ),
    )

  program
    .command('conversations')
    .description('list conversations, most recent first')
    .option('--library <dir>', LIBRARY_HELP)
    .option('--search <text>', 'only conversations mentioning this text')
    .option('--collection <name>', 'only the conversations of this collection')
    .option('--json', 'print JSON', false)
    .action((o) =>
      run(
        withLibrary(
          existingLibrary(o),
          o,
          io,
          async (lib) =>
            (await commands.conversations()).runConversations(
              {
                json: o.json,
                search: o.search,
                ...(o.collection !== undefined ? { collection: o.collection as string } : {}),
              },
              lib,
              io,
            ),
          false,
        ),
      ),
    )

  return program
}

function ollamaUrl(o: { ollamaUrl?: string }): string | undefined {
  return o.ollamaUrl ?? process.env.OLLAMA_HOST ?? undefined
}

/** Opens the library for one command that reads it and always closes it (read-library.ts). */
async function withLibrary(
  dir: string,
  o: { modelDir?: string; reranker?: string; workerUrl?: string },
  io: Io,
  fn: (owner: OpenLibrary) => Promise<number>,
  withModel = true,
): Promise<number> {
  // ask, chat and conversations never change documents: they never write the vector index, except
  // to rebuild a lost one once, when no import runs. Listing conversations only reads, so a
  // library on a read-only disk can be listed; ask and chat save the conversation and need a
  // folder they can write.
  return withModel
    ? withReadLibrary(dir, modelDirFlag(o.modelDir), io, fn, {
        rerankerDir: rerankerFlag(o.reranker),
        workerUrl: o.workerUrl,
      })
    : withReadLibrary(dir, null, io, fn, { readOnlyFolder: true })
}

/** Entry point: runs the CLI, turning any failure into one readable line (never a stack trace). */
export async function main(
  argv: string[],
  io: Io = processIo,
  workers: IngestWorkerPaths = {},
): Promise<number> {
  let code = 0
  const program = buildCli(io, (c) => (code = c), workers)
  program.exitOverride()
  try {
    await program.parseAsync(argv, { from: 'user' })
  } catch (err) {
    const e = err as { code?: string; exitCode?: number }
    if (typeof e.code === 'string' && e.code.startsWith('commander.')) return e.exitCode ?? 1
    const code = errorCodeOf(err)
    const remedy = code in INGEST_REMEDIES ? ingestRemedy(code).remedy : null
    // Scripts reading --json get the failure as JSON too (same shape as ask's), not only stderr text.
    if (argv.includes('--json'))
      io.stdout.write(`${JSON.stringify({ error: { code, message: errorMessageOf(err), remedy } })}\n`)
    io.stderr.write(`quire: ${forTerminal(errorMessageOf(err))} [${code}]\n${remedy ? `${remedy}\n` : ''}`)
    if (process.env.QUIRE_DEBUG) io.stderr.write(`${(err as Error).stack}\n`)
    // One rule for every command (docs/cli.md): 2 for a missing or bad argument, 1 otherwise.
    return code === 'INVALID_ARGUMENT' ? 2 : 1
  }
  return code
}
