/**
 * `quire summarize FILE --library DIR [--ollama-url URL] [--model NAME] [--json]`
 * A document's cited summary (docs/summaries.md), built by the local model section by section and
 * stored as an answer in a new conversation, as the app's Summarize action does. FILE is the
 * document's path or its file name or title as the library lists it. Progress goes to stderr;
 * Ctrl-C stops (the sections done are kept, and running it again continues from there).
 */
import path from 'node:path'
import fs from 'node:fs'
import type { AnswerResult, AnswerStatus } from '@shared/chat-types.js'
import { warningText } from '@shared/answer-warnings.js'
import { QuireError } from '@shared/errors.js'
import { baseName, sourceLabel } from '@shared/labels.js'
import { problemLine } from '../../engine/generate/ollama-problem.js'
import { namedDocument } from '../../engine/summarize/summary-request.js'
import { stopOnInterrupt, type Io } from '../output.js'
import { forTerminal } from '../terminal-text.js'
import type { OpenLibrary } from '../../engine/open-library/open-library.js'
import { configureCliAnswers, printFailure, toAskJson, type AskJson, type OllamaCliOptions } from './ask.js'

export interface SummarizeCommandOptions extends OllamaCliOptions {
  file: string
  json?: boolean
}

/** The --json contract: the summary, its citations as `ask --json` gives them, and what it cost. */
export interface SummarizeJson {
  summary: string
  status: AnswerStatus
  citations: AskJson['citations']
  document: { file: string; title: string }
  /** Requests made to the model by this run (0 when every part was stored from an earlier summary). */
  model_calls: number
  section_calls: number
  combine_calls: number
  sections: number
  model: string | null
  conversation_id: number
  warnings: AskJson['warnings']
  /** Why no summary could be made (Ollama not running, no model), else null. */
  problem: string | null
}

interface DocumentList {
  documents(): { id: number; path: string; title: string; status: string }[]
}

/** The document FILE names: its path, else its file name (with or without extension) or title. */
export function resolveDocument(
  file: string,
  library: DocumentList,
): { id: number; path: string; title: string } {
  const docs = library.documents().filter((d) => d.status === 'indexed')
  const asPath = path.resolve(file)
  const byPath = docs.find(
    (d) => d.path === asPath || (fs.existsSync(asPath) && d.path === fs.realpathSync(asPath)),
  )
  if (byPath) return byPath
  const id = namedDocument(file, docs)
  const named = docs.find((d) => d.id === id)
  if (named) return named
  throw new QuireError(
    'DOCUMENT_NOT_FOUND',
    `No document in the library is "${file}". Give its path or its file name as \`quire docs\` lists it (import it first with \`quire ingest\`).`,
  )
}

export function toSummarizeJson(result: AnswerResult, doc: { path: string; title: string }): SummarizeJson {
  const ask = toAskJson(result)
  const cost = result.extras.summary
  const m = result.message
  return {
    summary: m.text,
    status: m.status,
    citations: ask.citations,
    document: { file: doc.path, title: doc.title },
    model_calls: cost?.modelCalls ?? 0,
    section_calls: cost?.sectionCalls ?? 0,
    combine_calls: cost?.combineCalls ?? 0,
    sections: cost?.sections ?? 0,
    model: m.model,
    conversation_id: m.conversationId,
    warnings: ask.warnings,
    problem: m.ollama ? problemLine(m.ollama) : null,
  }
}

export async function runSummarize(
  opts: SummarizeCommandOptions,
  owner: OpenLibrary,
  io: Io,
): Promise<number> {
  const json = opts.json ?? false
  const ac = new AbortController()
  const release = stopOnInterrupt(io.interrupts ?? process, ac)
  const live = !json && !!io.stdout.isTTY
  try {
    if (!opts.file?.trim()) throw new QuireError('INVALID_ARGUMENT', 'Give the document to summarise.')
    const doc = resolveDocument(opts.file, owner.library)
    configureCliAnswers(owner, opts, io)
    const result = await owner.answerer.ask(`Summarize ${baseName(doc.path)}`, {
      summarize: doc.id,
      signal: ac.signal,
      onEvent: (e) => {
        if (e.type !== 'summary-progress' || !live) return
        const what = e.stage === 'sections' ? 'Summarising sections' : 'Combining'
        io.stderr.write(`\r${what}: ${e.done}/${e.total}   `)
      },
    })
    if (live) io.stderr.write('\r\x1b[K')
    const out = toSummarizeJson(result, doc)
    if (json) {
      io.stdout.write(`${JSON.stringify(out)}\n`)
    } else {
      if (out.summary) io.stdout.write(`${forTerminal(out.summary)}\n`)
      if (result.message.citations.length) {
        io.stdout.write('\nSources:\n')
        for (const c of result.message.citations)
          io.stdout.write(`  [${c.n}] ${forTerminal(sourceLabel(c))}\n`)
      }
      for (const w of result.message.warnings) io.stderr.write(`! ${warningText(w, 'cli')}\n`)
      if (out.problem) io.stderr.write(`quire: ${out.problem}\n`)
      io.stderr.write(
        `(conversation ${out.conversation_id}${out.model ? ` · ${out.model}` : ''} · ${out.sections} sections · ` +
          `${out.model_calls} model calls: ${out.section_calls} for sections, ${out.combine_calls} combining)\n`,
      )
    }
    return out.status === 'failed' ? 1 : 0
  } catch (err) {
    return printFailure(err, io, json)
  } finally {
    release()
  }
}
