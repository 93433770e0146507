// Contextual chunk headers (opt-in: Settings or `quire ingest --context-headers`; docs/query-help.md):
// after an import stores its chunks, the local model writes each chunk a one-line context (which
// document and section it is from, what it is about), as in "contextual retrieval". The line is
// stored beside the chunk, indexed for keyword search with the chunk's heading, and embedded with
// the chunk's text. One model call per chunk, at most: a stored header (even an empty one, when
// the model wrote nothing usable) is never asked for again, so an interrupted run resumes where it
// stopped and a re-index (new chunks, no headers) asks only for the new chunks.
import type { OllamaProblem } from '@shared/chat-types.js'
import type { Embedder } from '../embed/embedder.js'
import type { ChatMessage, ChatStreamRequest, ChatStreamResult } from './ollama-client.js'
import { ChunkContext, type ChunkNeedingContext } from '../store/chunk-context.js'
import type { Db } from '../store/db.js'
import type { VectorIndex } from '../vectors/vector-index.js'
import { embeddingText } from '../ingest/chunk-pages.js'

export const CONTEXT_HEADER_SYSTEM_PROMPT = [
  'You help a search engine find passages in documents.',
  'Given a passage, the document it is from and its section, write one short sentence (at most 30 words)',
  'that situates the passage: which document and section it belongs to and what it is about.',
  'Only the sentence: no preamble, no quotes.',
].join('\n')

/** The passage is cut to this many characters in the prompt: the context needs its gist, not all of it. */
const MAX_PASSAGE_CHARS = 1500
const MAX_HEADER_WORDS = 40
/** Chunks read, asked for and re-embedded together. */
const BATCH = 16

export interface ContextHeaderDeps {
  db: Db
  chat: (req: ChatStreamRequest) => Promise<ChatStreamResult>
  model: string
  /** Null in keyword-only mode: headers are then indexed for keyword search only. */
  embedder: Embedder | null
  vectors: VectorIndex | null
}

export interface ContextHeaderReport {
  /** Headers stored by this run (empty ones included). */
  generated: number
  /** Requests made to the model: at most one per chunk. */
  modelCalls: number
  /** Chunks still without a header (the run stopped, or the model failed). */
  remaining: number
  /** Why the run stopped early, when the model failed; the chunks left are asked for next time. */
  problem: OllamaProblem | null
  cancelled: boolean
}

export interface ContextHeaderOptions {
  signal?: AbortSignal
  onProgress?: (done: number, total: number) => void
  /** Save the vector index (and store the headers embedded meanwhile) at most this often. Default 5 s. */
  saveEveryMs?: number
}

/** What the model is asked about one chunk. */
export function contextHeaderMessages(c: ChunkNeedingContext): ChatMessage[] {
  const passage = c.text.length > MAX_PASSAGE_CHARS ? `${c.text.slice(0, MAX_PASSAGE_CHARS)} …` : c.text
  const section = c.heading ? `Section: ${c.heading}\n` : ''
  return [
    { role: 'system', content: CONTEXT_HEADER_SYSTEM_PROMPT },
    { role: 'user', content: `Document: ${c.title}\n${section}Passage:\n${passage}` },
  ]
}

/** The model's reply as one line: thinking dropped, the first non-empty line, at most 40 words. */
export function cleanContextHeader(reply: string): string {
  const line =
    reply
      .replace(/<think>[\s\S]*?(<\/think>|$)/g, '')
      .split('\n')
      .map((l) => l.trim().replace(/^["'“”]+|["'“”]+$/g, ''))
      .find((l) => l.length > 0) ?? ''
  return line.split(/\s+/).filter(Boolean).slice(0, MAX_HEADER_WORDS).join(' ')
}

/** What is embedded for a chunk: its header (when it has one) above the text embedded without it. */
export function contextualEmbeddingText(header: string | null, heading: string | null, text: string): string {
  const plain = embeddingText(heading, text)
  return header ? `${header}\n${plain}` : plain
}

/**
 * Writes the headers of every chunk of an indexed document that lacks one. Stops at the first
 * model failure (a stopped Ollama would fail every chunk) and when `signal` is aborted; what was
 * stored stays, and the next run goes on from there.
 */
export async function generateContextHeaders(
  deps: ContextHeaderDeps,
  opts: ContextHeaderOptions = {},
): Promise<ContextHeaderReport> {
  const store = new ChunkContext(deps.db)
  const total = store.pendingCount()
  const report: ContextHeaderReport = {
    generated: 0,
    modelCalls: 0,
    remaining: total,
    problem: null,
    cancelled: false,
  }
  opts.onProgress?.(0, total)
  // Headers are stored only once the vectors embedded with them are saved (at most every
  // saveEveryMs, and at the end): a crash never leaves a stored header whose vector lacks it.
  // What a crash loses is that interval's headers, asked for again by the next run.
  const unsaved: Written[] = []
  let lastSave = performance.now()
  const flush = () => {
    deps.vectors?.save()
    deps.db.transaction(() => {
      for (const d of unsaved) store.set(d.chunk.id, d.header)
    })()
    unsaved.length = 0
    lastSave = performance.now()
  }
  let after = 0
  try {
    for (;;) {
      const batch = store.pending(after, BATCH)
      if (batch.length === 0) break
      const done: Written[] = []
      for (const chunk of batch) {
        if (opts.signal?.aborted) {
          report.cancelled = true
          break
        }
        report.modelCalls++
        const r = await deps.chat({
          model: deps.model,
          messages: contextHeaderMessages(chunk),
          options: { temperature: 0, num_predict: 80 },
          ...(opts.signal ? { signal: opts.signal } : {}),
        })
        if (r.outcome === 'stopped') {
          report.cancelled = true
          break
        }
        if (r.outcome === 'failed') {
          report.problem = r.problem
          break
        }
        done.push({ chunk, header: cleanContextHeader(r.text) })
      }
      await embedWithHeaders(deps, done)
      unsaved.push(...done)
      report.generated += done.length
      report.remaining -= done.length
      if (!deps.vectors || performance.now() - lastSave > (opts.saveEveryMs ?? 5000)) flush()
      opts.onProgress?.(report.generated, total)
      if (report.cancelled || report.problem || done.length < batch.length) break
      after = batch.at(-1)!.id
    }
  } finally {
    flush()
  }
  return report
}

interface Written {
  chunk: ChunkNeedingContext
  header: string
}

/** Replaces the vectors of the chunks given a (non-empty) header with ones embedded with it. */
async function embedWithHeaders(deps: ContextHeaderDeps, done: Written[]): Promise<void> {
  const embedded = done.filter((d) => d.header !== '')
  if (!deps.embedder || !deps.vectors || embedded.length === 0) return
  const vecs = await deps.embedder.embed(
    embedded.map((d) => contextualEmbeddingText(d.header, d.chunk.heading, d.chunk.text)),
  )
  const ids = embedded.map((d) => d.chunk.id)
  deps.vectors.remove(ids)
  deps.vectors.add(ids, vecs)
}
