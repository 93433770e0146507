// A document's summary built from its structure: each section summarised once by the model (and
// stored, so later summaries and a summary stopped half-way reuse it), then the section summaries
// combined, level by level, until one request holds them all. Every sentence at every level cites
// the chunks it came from, so the final summary's sentences cite pages.
import { createHash } from 'node:crypto'
import type { OllamaProblem } from '@shared/chat-types.js'
import type { ChatStreamRequest, ChatStreamResult } from '../generate/ollama-client.js'
import { formatSourceBlock } from '../generate/prompt-text.js'
import { estimateMessagesTokens, estimateTokens } from '../generate/token-estimate.js'
import type { DocumentChunk, SummarySubject } from '../store/document-chunks.js'
import type { SectionSummaries, StoredUnit, SummaryKey, SummarySentence } from '../store/section-summaries.js'
import { attributeSentences, type NumberedSource } from './attribute-sentences.js'
import { planSections, type PlannedSection } from './plan-sections.js'
import { combineReplyTokens, sectionReplyTokens, sourceBudget } from './summary-budget.js'
import { combineMessages, sectionMessages } from './summary-prompts.js'

export interface SummaryProgress {
  stage: 'sections' | 'combining'
  /** Units finished in this stage (stored ones count as finished at once). */
  done: number
  total: number
}

export interface SummarizeOptions {
  model: string
  /** num_ctx of every request (generate/context-budget.ts contextWindow). */
  window: number
  chat: (req: ChatStreamRequest) => Promise<ChatStreamResult>
  temperature?: number
  signal?: AbortSignal
  onProgress?: (p: SummaryProgress) => void
}

/** One request made to the model, for the measurements (bench, tests). */
export interface SummaryRequestSize {
  promptTokens: number
  replyTokens: number
  numCtx: number
}

export interface DocumentSummary {
  outcome: 'complete' | 'stopped' | 'failed'
  /** The summary's sentences, each citing chunk ordinals of the document. Empty unless complete. */
  sentences: SummarySentence[]
  problem: OllamaProblem | null
  sections: number
  /** Sections summarised, by this run or before it (stored). */
  sectionsDone: number
  /** Sections summarised by this run (the rest were stored). */
  sectionCalls: number
  combineCalls: number
  modelCalls: number
  /** Sentences the model left uncited that were given their closest source. */
  inferredCitations: number
  /** Sentences left out because they cited nothing and matched no source. */
  droppedSentences: number
  requests: SummaryRequestSize[]
}

/** A run that has done nothing yet: counted up as it goes, or returned as is when it cannot start. */
export function summaryRun(
  outcome: DocumentSummary['outcome'],
  problem: OllamaProblem | null,
): DocumentSummary {
  return {
    outcome,
    sentences: [],
    problem,
    sections: 0,
    sectionsDone: 0,
    sectionCalls: 0,
    combineCalls: 0,
    modelCalls: 0,
    inferredCitations: 0,
    droppedSentences: 0,
    requests: [],
  }
}

const DEFAULT_TEMPERATURE = 0.1
const MAX_LEVELS = 8
/**
 * Sentences kept of each reply (the prompts ask for fewer): what a section or a combination hands
 * on stays bounded whatever the model writes, so every combining level shrinks the statements and
 * the number of combining calls stays a small fraction of the section calls.
 */
export const KEPT_SENTENCES = { section: 6, combine: 8, final: 12 } as const

export async function summarizeDocument(
  doc: SummarySubject,
  store: SectionSummaries,
  opts: SummarizeOptions,
): Promise<DocumentSummary> {
  const key: SummaryKey = { sha256: doc.sha256, indexVersion: doc.indexVersion, model: opts.model }
  const byOrd = new Map(doc.chunks.map((c) => [c.ord, c]))
  const run = summaryRun('complete', null)
  const sectionReply = sectionReplyTokens(opts.window)
  const sections = planSections(doc.path, doc.chunks, (heading) =>
    sourceBudget(opts.window, sectionMessages(doc, heading, []), sectionReply),
  )
  run.sections = sections.length
  if (!sections.length) return run

  // A call that stops or fails ends the summary; what was stored so far stays for the next one.
  const ask = async (
    messages: ChatStreamRequest['messages'],
    replyTokens: number,
  ): Promise<string | null> => {
    if (opts.signal?.aborted) {
      run.outcome = 'stopped'
      return null
    }
    run.modelCalls++
    run.requests.push({
      promptTokens: estimateMessagesTokens(messages),
      replyTokens,
      numCtx: opts.window,
    })
    const res = await opts.chat({
      model: opts.model,
      messages,
      options: {
        num_ctx: opts.window,
        num_predict: replyTokens,
        temperature: opts.temperature ?? DEFAULT_TEMPERATURE,
      },
      ...(opts.signal ? { signal: opts.signal } : {}),
    })
    if (res.outcome === 'stopped') run.outcome = 'stopped'
    else if (res.outcome === 'failed') {
      run.outcome = 'failed'
      run.problem = res.problem
    }
    return res.outcome === 'complete' ? res.text : null
  }

  const units: StoredUnit[] = []
  let done = 0
  for (const section of sections) {
    let unit = store.get(key, section.unit)
    if (!unit) {
      const { messages, sources } = sectionRequest(doc, section, opts.window, sectionReply)
      const text = await ask(messages, sectionReply)
      if (text === null) return run
      run.sectionCalls++
      const got = attributeSentences(text, sources)
      run.inferredCitations += got.inferred
      run.droppedSentences += got.dropped
      unit = {
        ...span(section.unit, 0, section.chunks, section.heading),
        // A model that wrote nothing usable still leaves the section its opening sentence.
        sentences: got.sentences.length
          ? got.sentences.slice(0, KEPT_SENTENCES.section)
          : [openingSentence(section.chunks[0]!)],
      }
      store.put(key, unit)
    }
    units.push(unit)
    run.sectionsDone = ++done
    opts.onProgress?.({ stage: 'sections', done, total: sections.length })
  }

  // Combine level by level until one request holds every statement; that request writes the summary.
  const combineReply = combineReplyTokens(opts.window)
  const budget = sourceBudget(opts.window, combineMessages(doc, [], true), combineReply)
  let level = 1
  let current = units
  while (current.length > 1 || level === 1) {
    const statements = current.flatMap((u) => u.sentences)
    let groups = packStatements(doc, statements, byOrd, budget)
    // Each level shrinks the statements (a reply is far smaller than a request); the cap only
    // guards against a model that never shortens anything.
    if (level >= MAX_LEVELS) groups = groups.slice(0, 1)
    const final = groups.length === 1
    if (final && current.length === 1) {
      // One section is the summary itself: stored as the final unit too, marking the summary done.
      const id = `F:${digest(groups[0]!)}`
      if (!store.get(key, id)) store.put(key, { ...current[0]!, unit: id, level })
      break
    }
    const next: StoredUnit[] = []
    let combined = 0
    for (const group of groups) {
      const id = `${final ? 'F' : `C${level}`}:${digest(group)}`
      let unit = store.get(key, id)
      if (!unit) {
        const { messages, sources } = combineRequest(doc, group, byOrd, final)
        const text = await ask(messages, combineReply)
        if (text === null) return run
        run.combineCalls++
        const got = attributeSentences(text, sources)
        run.inferredCitations += got.inferred
        run.droppedSentences += got.dropped
        const ords = group.flatMap((s) => s.ords)
        const chunks = [byOrd.get(Math.min(...ords)), byOrd.get(Math.max(...ords))].filter(
          (c): c is DocumentChunk => !!c,
        )
        // Nothing usable from the model: the statements themselves, so no section is lost.
        unit = {
          ...span(id, level, chunks, null),
          sentences: (got.sentences.length ? got.sentences : group).slice(
            0,
            final ? KEPT_SENTENCES.final : KEPT_SENTENCES.combine,
          ),
        }
        store.put(key, unit)
      }
      next.push(unit)
      opts.onProgress?.({ stage: 'combining', done: ++combined, total: groups.length })
    }
    current = next
    if (final) break
    level++
  }
  run.sentences = current[0]!.sentences
  return run
}

/** The section's request: its chunks numbered from 1, the last one shortened if even it alone does not fit. */
function sectionRequest(
  doc: SummarySubject,
  section: PlannedSection,
  window: number,
  replyTokens: number,
): { messages: ChatStreamRequest['messages']; sources: NumberedSource[] } {
  const budget = sourceBudget(window, sectionMessages(doc, section.heading, []), replyTokens)
  const blocks: string[] = []
  const sources: NumberedSource[] = []
  let used = 0
  for (const c of section.chunks) {
    const n = sources.length + 1
    let block = formatSourceBlock(n, { file: doc.path, pages: c.pages, locator: c.locator, text: c.text })
    let cost = estimateTokens(block) + 1
    if (used + cost > budget) {
      if (blocks.length) break
      block = shorten(block, budget)
      cost = estimateTokens(block) + 1
    }
    blocks.push(block)
    sources.push({ n, ords: [c.ord], text: c.text })
    used += cost
  }
  return { messages: sectionMessages(doc, section.heading, blocks), sources }
}

function combineRequest(
  doc: SummarySubject,
  statements: SummarySentence[],
  byOrd: Map<number, DocumentChunk>,
  final: boolean,
): { messages: ChatStreamRequest['messages']; sources: NumberedSource[] } {
  const sources = statements.map((s, i) => ({ n: i + 1, ords: s.ords, text: s.text }))
  const blocks = sources.map((s) => statementBlock(doc, s, byOrd))
  return { messages: combineMessages(doc, blocks, final), sources }
}

function statementBlock(doc: SummarySubject, s: NumberedSource, byOrd: Map<number, DocumentChunk>): string {
  const chunks = s.ords.map((o) => byOrd.get(o)).filter((c): c is DocumentChunk => !!c)
  const pages = chunks.flatMap((c) => c.pages)
  const locator = pages.length ? null : (chunks[0]?.locator ?? null)
  return formatSourceBlock(s.n, { file: doc.path, pages, locator, text: s.text })
}

/** Statements in order, cut into groups that each fit one combining request. */
function packStatements(
  doc: SummarySubject,
  statements: SummarySentence[],
  byOrd: Map<number, DocumentChunk>,
  budget: number,
): SummarySentence[][] {
  const groups: SummarySentence[][] = []
  let group: SummarySentence[] = []
  let used = 0
  for (const s of statements) {
    const cost =
      estimateTokens(statementBlock(doc, { n: group.length + 1, ords: s.ords, text: s.text }, byOrd)) + 1
    if (group.length && used + cost > budget) {
      groups.push(group)
      group = []
      used = 0
    }
    group.push(s)
    used += cost
  }
  if (group.length) groups.push(group)
  return groups
}

function span(
  unit: string,
  level: number,
  chunks: DocumentChunk[],
  heading: string | null,
): Omit<StoredUnit, 'sentences'> {
  const pages = chunks.flatMap((c) => c.pages)
  return {
    unit,
    level,
    ordStart: chunks[0]?.ord ?? 0,
    ordEnd: chunks.at(-1)?.ord ?? 0,
    pageStart: pages.length ? Math.min(...pages) : 0,
    pageEnd: pages.length ? Math.max(...pages) : 0,
    heading,
  }
}

function openingSentence(c: DocumentChunk): SummarySentence {
  const flat = c.text.replace(/\s+/g, ' ').trim()
  const first = /^.{20,}?[.!?](?=\s|$)/.exec(flat)?.[0] ?? flat.slice(0, 200)
  return { text: first, ords: [c.ord] }
}

/** A combination's key: what it combines, so changed inputs never reuse a stale combination. */
function digest(statements: SummarySentence[]): string {
  const h = createHash('sha256')
  for (const s of statements) h.update(`${s.ords.join(',')}\u0000${s.text}\u0001`)
  return h.digest('hex').slice(0, 16)
}

/** The block cut to fit `budget` tokens, at a word, marked with an ellipsis. */
function shorten(block: string, budget: number): string {
  let lo = 0
  let hi = block.length
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (estimateTokens(`${block.slice(0, mid)} …`) + 1 <= budget) lo = mid
    else hi = mid - 1
  }
  return `${block.slice(0, lo).replace(/\s+\S*$/, '')} …`
}
