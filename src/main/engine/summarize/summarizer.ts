// A document's cited summary on request: the document read from the library, the model and its
// real context asked of Ollama, the summary built (summarize-document.ts) and shaped as an answer.
// One entry point for the conversation, the CLI and the background builder.
import type { Citation, OllamaProblem } from '@shared/chat-types.js'
import { QuireError } from '@shared/errors.js'
import { contextWindow, DEFAULT_MAX_CONTEXT_TOKENS } from '../generate/context-budget.js'
import type { OllamaClient } from '../generate/ollama-client.js'
import type { Db } from '../store/db.js'
import { readSummarySubject, type SummarySubject } from '../store/document-chunks.js'
import { SectionSummaries } from '../store/section-summaries.js'
import {
  summarizeDocument,
  summaryRun,
  type DocumentSummary,
  type SummaryProgress,
} from './summarize-document.js'
import { summaryAnswer } from './summary-answer.js'

export interface SummaryResult {
  document: Pick<SummarySubject, 'id' | 'path' | 'title'>
  /** The model that wrote it, or null when none could be used. */
  model: string | null
  /** num_ctx of every request. */
  window: number
  /** One line per sentence, each ending with its citations ([1][2]); empty unless complete. */
  text: string
  citations: Citation[]
  run: DocumentSummary
}

export interface SummarizeRequest {
  signal?: AbortSignal
  onProgress?: (p: SummaryProgress) => void
}

export class Summarizer {
  private readonly store: SectionSummaries

  constructor(
    private readonly db: Db,
    private readonly ollama: () => OllamaClient,
    private readonly maxContextTokens = DEFAULT_MAX_CONTEXT_TOKENS,
  ) {
    this.store = new SectionSummaries(db)
  }

  /** The documents a question can name, for summary-request.ts. */
  documents(): { id: number; path: string; title: string }[] {
    return this.db
      .prepare(`SELECT id, path, title FROM documents WHERE status = 'indexed' ORDER BY id`)
      .all() as { id: number; path: string; title: string }[]
  }

  /**
   * The next indexed document without a finished summary by `model`, oldest first, or null: what
   * background building (services/background-summaries.ts) summarises next.
   */
  nextUnsummarized(model: string): number | null {
    const rows = this.db
      .prepare(
        `SELECT id, sha256, index_version AS indexVersion FROM documents WHERE status = 'indexed' ORDER BY id`,
      )
      .all() as { id: number; sha256: string; indexVersion: number }[]
    return rows.find((d) => !this.store.hasFinished({ ...d, model }))?.id ?? null
  }

  async summarize(documentId: number, req: SummarizeRequest = {}): Promise<SummaryResult> {
    const doc = readSummarySubject(this.db, documentId)
    if (!doc)
      throw new QuireError(
        'DOCUMENT_NOT_FOUND',
        `There is no indexed document ${documentId} in this library to summarise.`,
      )
    const client = this.ollama()
    const status = await client.status()
    const window = contextWindow(status.contextLength, this.maxContextTokens)
    const document = { id: doc.id, path: doc.path, title: doc.title }
    if (status.state !== 'ready' || !status.model) {
      const problem: OllamaProblem = {
        kind:
          status.state === 'model-missing'
            ? 'model-missing'
            : status.state === 'not-running'
              ? 'not-running'
              : 'http-error',
        message: status.message,
        fix: status.fix ?? 'Check the Ollama server.',
      }
      return { document, model: null, window, text: '', citations: [], run: summaryRun('failed', problem) }
    }
    const run = await summarizeDocument(doc, this.store, {
      model: status.model,
      window,
      chat: (r) => client.streamChat(r),
      ...(req.signal ? { signal: req.signal } : {}),
      ...(req.onProgress ? { onProgress: req.onProgress } : {}),
    })
    const answer =
      run.outcome === 'complete' ? summaryAnswer(doc, run.sentences) : { text: '', citations: [] }
    return { document, model: status.model, window, ...answer, run }
  }
}
