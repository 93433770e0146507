/**
 * `quire ask "<question>" --library DIR [--collection NAME] [--conversation ID] [--ollama-url URL] [--model NAME] [--json]`
 * Streams a grounded answer to the terminal, or prints one JSON object with --json. Exits 0
 * whenever an answer was produced, including retrieval-only and declined answers. Independent of
 * the argument parser: the caller passes parsed options, the open library and the output streams,
 * and closes the library afterwards.
 */
import { tableCaptionOf } from '@shared/table-caption.js'
import type {
  AnswerMode,
  AnswerResult,
  AnswerWarning,
  Citation,
  QueryHelpMode,
  QueryHelpTrace,
} from '@shared/chat-types.js'
import type { StageNote } from '@shared/library-types.js'
import { queryHelpSkippedLine, stageNoteLine } from '@shared/stage-notes.js'
import { warningText } from '@shared/answer-warnings.js'
import { answerWaitLabel, searchedFor, summaryWaitLabel } from '@shared/answer-wait.js'
import { answerDeclineReason, declineCodeOf, type DeclineCode } from '@shared/decline-reason.js'
import { QuireError, errorCodeOf, errorMessageOf } from '@shared/errors.js'
import type { AskOptions } from '../../engine/answer/answerer.js'
import type { OpenLibrary } from '../../engine/open-library/open-library.js'
import { alsoInLabel, sourceLabel } from '@shared/labels.js'
import { normalizeOllamaHost, ollamaHostNote } from '@shared/ollama-host.js'
import { scopeLine, type AnswerScope } from '@shared/search-scope.js'
import { stopOnInterrupt, type Io } from '../output.js'
import { createSpinner } from '../spinner.js'
import { forTerminal } from '../terminal-text.js'

export interface OllamaCliOptions {
  ollamaUrl?: string
  model?: string
  /** --query-help: the model writes other wordings (expand) or an answer passage (hyde) to search too. */
  queryHelp?: QueryHelpMode
  /** --query-help-budget MS: how long query help may take before it is skipped. */
  queryHelpBudgetMs?: number
}

export interface AskCommandOptions extends OllamaCliOptions {
  question: string
  conversation?: string | number
  /** `--collection NAME`: a new conversation in that collection, searching only it. */
  collection?: string
  json?: boolean
}

export interface JsonPassage {
  n: number
  file: string
  pages: number[]
  /** Only on passages of documents without pages (pages are then []): where in the document they are. */
  locator?: string
  /** Only on passages holding rows of a table with a caption: the caption (docs/tables.md). */
  table?: string
  text: string
  /** Present (true) only when the passage comes from a page read by OCR. */
  ocr?: true
  /** Present only when other files hold the same passage (docs/duplicates.md): their paths. */
  also_in?: string[]
}

function jsonPassage(c: Citation): JsonPassage {
  const table = tableCaptionOf(c.text)
  return {
    n: c.n,
    file: c.file,
    pages: c.pages,
    ...(c.locator ? { locator: c.locator } : {}),
    ...(table ? { table } : {}),
    text: c.text,
    ...(c.ocr ? { ocr: true as const } : {}),
    ...(c.alsoIn?.length ? { also_in: c.alsoIn.map((d) => d.file) } : {}),
  }
}

/** A warning in --json: its kind (stable, for scripts) and the line the CLI prints for it. */
export interface JsonWarning {
  kind: AnswerWarning['kind']
  text: string
}

/** The --json contract: exactly these keys (snake_case: the CLI's JSON is the one place it is used). */
export interface AskJson {
  answer: string
  mode: AnswerMode
  declined: boolean
  citations: JsonPassage[]
  /** Every passage given to the model (or shown, when it could not be used), same shape as citations. */
  sources: JsonPassage[]
  /** The text search ran with: the follow-up rewritten into a standalone question, or the question. */
  search_query: string
  /**
   * Who declined, when declined: `model` (the model found no answer in the passages) or search's
   * reason (`low-coverage`, `names-absent`, `no-results`, `no-content-words`); null otherwise.
   */
  decline_reason: DeclineCode | null
  /** The same in words (which words no document contains, or the model's verdict); null otherwise. */
  decline_message: string | null
  conversation_id: number
  /** What was searched: the whole library, a collection, the chosen documents or a document the question named. */
  scope: JsonScope | null
  model: string | null
  timings: { retrieval_ms: number; first_token_ms: number | null; total_ms: number }
  warnings: JsonWarning[]
  query_help?: QueryHelpTrace
  stages?: StageNote[]
}

/** An answer's scope in --json: its kind, the line the CLI prints, and what it names. */
export interface JsonScope {
  kind: AnswerScope['kind']
  text: string
  /** The collection's name (kind collection); null otherwise. */
  collection: string | null
  /** Documents searched (null: all of the library's, counted in text). */
  documents: number | null
  /** File names of the documents searched, when chosen or named; empty otherwise. */
  files: string[]
}

export function jsonScope(scope: AnswerScope | null | undefined): JsonScope | null {
  if (!scope) return null
  return {
    kind: scope.kind,
    text: scopeLine(scope),
    collection: scope.kind === 'collection' ? scope.name : null,
    documents:
      scope.kind === 'library' || scope.kind === 'collection'
        ? scope.documents
        : scope.kind === 'ambiguous'
          ? 0
          : scope.names.length,
    files:
      scope.kind === 'documents' || scope.kind === 'named'
        ? scope.names
        : scope.kind === 'ambiguous'
          ? scope.candidates.map((c) => c.name)
          : [],
  }
}

export function toAskJson({ message: m }: AnswerResult): AskJson {
  return {
    answer: m.text,
    mode: m.mode,
    declined: m.declined,
    citations: m.citations.map(jsonPassage),
    sources: m.sources.map(jsonPassage),
    search_query: m.trace.searchQuery,
    // Only when query help or reranking ran: what was also searched for, what reranked.
    ...(m.trace.queryHelp ? { query_help: m.trace.queryHelp } : {}),
    ...(m.trace.stages ? { stages: m.trace.stages } : {}),
    decline_reason: declineCodeOf(m),
    decline_message: answerDeclineReason(m),
    conversation_id: m.conversationId,
    scope: jsonScope(m.trace.scope),
    model: m.model,
    timings: {
      retrieval_ms: m.timings.retrievalMs,
      first_token_ms: m.timings.firstTokenMs,
      total_ms: m.timings.totalMs,
    },
    warnings: m.warnings.map((w) => ({ kind: w.kind, text: warningText(w, 'cli') })),
  }
}

/**
 * --ollama-url as given, made into the URL used: a missing scheme is added and said on stderr; an
 * address that cannot work stops the command with the reason (exit 2), never silently ignored.
 */
export function cliOllamaUrl(given: string | undefined, io: Pick<Io, 'stderr'> | null): string | undefined {
  if (given === undefined || given.trim() === '') return undefined
  let used: string
  try {
    used = normalizeOllamaHost(given)
  } catch (err) {
    throw new QuireError('INVALID_ARGUMENT', `--ollama-url: ${errorMessageOf(err)}`)
  }
  const note = ollamaHostNote(given, used)
  if (note) io?.stderr.write(`${note}\n`)
  return used
}

/** Points the library's answerer at the Ollama server and model the command was given. */
export function configureCliAnswers(
  owner: OpenLibrary,
  opts: OllamaCliOptions,
  io: Pick<Io, 'stderr'> | null = null,
): void {
  const host = cliOllamaUrl(opts.ollamaUrl, io)
  owner.configureAnswers({
    ollama: {
      ...(host ? { host } : {}),
      ...(opts.model ? { model: opts.model } : {}),
    },
    ...(opts.queryHelp
      ? {
          queryHelp: {
            mode: opts.queryHelp,
            ...(opts.queryHelpBudgetMs ? { budgetMs: opts.queryHelpBudgetMs } : {}),
          },
        }
      : {}),
  })
}

/**
 * The collection `--collection NAME` names (COLLECTION_NOT_FOUND lists the library's), checked
 * against the conversation continued: a conversation searches its own collection only.
 */
export function cliCollection(
  owner: OpenLibrary,
  name: string | undefined,
  conversationId: number | undefined,
): number | null {
  if (name === undefined) return null
  const collection = owner.collections.requireByName(name)
  if (conversationId !== undefined) {
    owner.conversations.require(conversationId)
    const own = owner.collections.collectionOf(conversationId)
    if (own !== collection.id)
      throw new QuireError(
        'INVALID_ARGUMENT',
        `Conversation ${conversationId} searches ${own === null ? 'all documents' : `the collection "${owner.collections.get(own)?.name}"`}, not "${collection.name}". Leave out --collection to continue it, or leave out --conversation to start one in "${collection.name}".`,
      )
  }
  return collection.id
}

export function parseConversationId(value: string | number | undefined): number | undefined {
  if (value === undefined || value === '') return undefined
  const id = typeof value === 'number' ? value : Number(String(value).trim())
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new QuireError('INVALID_ARGUMENT', `"${value}" is not a conversation id (a positive whole number).`)
  }
  return id
}

const EXCERPT_CHARS = 280

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= EXCERPT_CHARS ? flat : `${flat.slice(0, EXCERPT_CHARS).replace(/\s+\S*$/, '')} …`
}

function sourceLine(c: Citation): string {
  const also = alsoInLabel(c.alsoIn)
  return `[${c.n}] ${forTerminal(sourceLabel(c))}${also ? ` (${forTerminal(also)})` : ''}`
}

/**
 * Everything after the streamed text: the non-streamed answer (retrieval-only, declined), a marker
 * for stopped or broken answers, the sources, and warnings on stderr.
 */
export function printAnswerTail({ message: r, extras }: AnswerResult, io: Io, streamedText: string): void {
  const out = io.stdout
  const shown = streamedText || r.text
  if (!streamedText) out.write(r.text)
  const gap = shown === '' || /\s$/.test(shown) ? '' : ' '
  if (r.status === 'stopped') out.write(`${gap}[stopped]`)
  if (r.status === 'failed') out.write(`${gap}[answer broke off]`)
  out.write('\n')
  // The streamed text is what the model wrote; the checked answer can differ (citations to
  // sources it was never given are removed). What stays on screen must be the checked one.
  if (streamedText && r.declined) {
    // The model wrote its "not found" in words rather than the marker: the card's text follows.
    out.write(`\n${r.text}\n`)
  } else if (streamedText && r.text.trim() && streamedText.trim() !== r.text.trim()) {
    const why = extras.invalidCitations.length
      ? `without ${extras.invalidCitations.map((n) => `[${n}]`).join(', ')}, which cited no source it was given`
      : 'as checked against its sources'
    out.write(`\nThe answer ${why}:\n${r.text}\n`)
  }
  const declinedBecause = answerDeclineReason(r)
  if (declinedBecause) out.write(`${declinedBecause}\n`)
  if (r.citations.length) {
    // A model answer is checked against its sources; the others show the passages themselves.
    const withText = r.mode === 'retrieval-only' || r.declined
    out.write(`\n${r.declined ? 'Nearest passages' : 'Sources'}:\n`)
    for (const c of r.citations) {
      out.write(`  ${sourceLine(c)}\n`)
      if (withText) out.write(`      ${excerpt(c.text)}\n`)
    }
  }
  for (const w of r.warnings) io.stderr.write(`! ${warningText(w, 'cli')}\n`)
  const model =
    r.mode === 'llm' && r.model ? ` · ${r.model}` : r.mode === 'retrieval-only' ? ' · retrieval only' : ''
  if (r.trace.scope) io.stderr.write(`${forTerminal(scopeLine(r.trace.scope))}\n`)
  io.stderr.write(`(conversation ${r.conversationId}${model} · ${(r.timings.totalMs / 1000).toFixed(1)} s)\n`)
}

/**
 * Asks and streams the answer's tokens to `io` (null: collect silently, for --json). Until the
 * first token arrives a spinner says what is happening, so a slow model never looks frozen.
 */
export async function streamAnswer(
  answerer: { ask(question: string, opts: AskOptions): Promise<AnswerResult> },
  question: string,
  opts: { conversationId?: number; signal: AbortSignal },
  io: Io | null,
): Promise<{ result: AnswerResult; streamed: string }> {
  let streamed = ''
  const spinner = createSpinner(io ?? { stdout: { write: () => true }, stderr: { write: () => true } })
  const followUp = opts.conversationId !== undefined
  spinner.set(answerWaitLabel({ followUp, retrieved: null }))
  try {
    const result = await answerer.ask(question, {
      ...(opts.conversationId !== undefined ? { conversationId: opts.conversationId } : {}),
      signal: opts.signal,
      onEvent: (e) => {
        // A question asking for a document's summary is answered by one (docs/summaries.md).
        if (e.type === 'summary-progress') return spinner.set(summaryWaitLabel(e))
        if (e.type !== 'retrieval' || streamed) return
        // A rewritten follow-up says what was really searched for, as the app does under the question.
        const searched = searchedFor(question, e.trace.rewrite ? e.trace.searchQuery : undefined)
        if (searched && io) {
          spinner.stop()
          io.stderr.write(`Searched for: ${searched}\n`)
        }
        const skipped = e.trace.queryHelp ? queryHelpSkippedLine(e.trace.queryHelp) : null
        const notes = [...(skipped ? [skipped] : []), ...(e.trace.stages ?? []).map(stageNoteLine)]
        if (notes.length && io) {
          spinner.stop()
          io.stderr.write(notes.map((n) => `${forTerminal(n)}\n`).join(''))
        }
        spinner.set(answerWaitLabel({ followUp, retrieved: e.sources.length }))
      },
      onToken: io
        ? (t) => {
            spinner.stop()
            streamed += t
            io.stdout.write(t)
          }
        : undefined,
    })
    return { result, streamed }
  } finally {
    spinner.stop()
  }
}

/**
 * Reports a failure that prevented an answer: one line, no stack trace, with its code as every
 * other command prints it ("quire: … [LIBRARY_NOT_FOUND]"). `withCode` false: a line inside the
 * interactive chat, where the session goes on.
 */
export function printFailure(err: unknown, io: Io, json: boolean, withCode = true): number {
  const code = errorCodeOf(err)
  const message = errorMessageOf(err)
  if (json) io.stdout.write(`${JSON.stringify({ error: { code, message } })}\n`)
  else io.stderr.write(`quire: ${message}${withCode ? ` [${code}]` : ''}\n`)
  return code === 'INVALID_ARGUMENT' ? 2 : 1
}

export async function runAsk(opts: AskCommandOptions, owner: OpenLibrary, io: Io): Promise<number> {
  const json = opts.json ?? false
  const ac = new AbortController()
  // Ctrl-C stops the current answer (the partial answer is kept); a second ends the process.
  const release = stopOnInterrupt(io.interrupts ?? process, ac)
  try {
    const conversationId = parseConversationId(opts.conversation)
    if (!opts.question?.trim()) throw new QuireError('INVALID_ARGUMENT', 'Give a question to ask, in quotes.')
    configureCliAnswers(owner, opts, io)
    const collectionId = cliCollection(owner, opts.collection, conversationId)
    const { result, streamed } = await streamAnswer(
      { ask: (q, o) => owner.ask(q, { ...o, collectionId }) },
      opts.question,
      { conversationId, signal: ac.signal },
      json ? null : io,
    )
    if (json) io.stdout.write(`${JSON.stringify(toAskJson(result))}\n`)
    else printAnswerTail(result, io, streamed)
    return 0
  } catch (err) {
    return printFailure(err, io, json)
  } finally {
    release()
  }
}
