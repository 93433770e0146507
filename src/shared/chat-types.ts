// Types for grounded answers and conversations, shared by the engine, the CLI, the IPC contract
// and the renderer. Plain data only: everything here must survive JSON and structured clone.

import type { DeclineCode } from './decline-reason.js'
import type { PassageCopy, SearchDecision, SearchMode, StageNote } from './library-types.js'
import type { AnswerScope } from './search-scope.js'

export const DEFAULT_OLLAMA_HOST = 'http://127.0.0.1:11434'

/** How the answer was produced: by the model, or from retrieval alone because the model was unavailable. */
export type AnswerMode = 'llm' | 'retrieval-only'

/**
 * complete: the answer ended normally (including retrieval-only and declined answers).
 * stopped: the person cancelled; the partial answer is kept.
 * failed: the model's stream broke midway; what arrived is kept.
 */
export type AnswerStatus = 'complete' | 'stopped' | 'failed'

/** A passage given to the model (or shown to the person), numbered as in the prompt. */
export interface Citation {
  n: number
  chunkId: number
  documentId: number
  file: string
  title: string
  /** 1-based page numbers the passage spans; empty for documents without pages (see locator). */
  pages: number[]
  /**
   * Where the passage is in a document without pages ("3.2 Remotes > Fetching", "Slide 4"), in
   * shared/locator.ts's grammar; absent or null for PDFs and scans, which cite pages.
   */
  locator?: string | null
  text: string
  /**
   * The sentences of `text` that carry the claims citing this passage (strong highlight in the
   * viewer; the rest of the passage is marked faintly). Absent for passages nothing cited.
   */
  focus?: string[]
  /** Content hash of the cited document: a re-import of the same file heals the citation. */
  sha256?: string
  /**
   * Set when the cited document is no longer in the library (read time): when it left, if known.
   * The stored `text` is still the passage as it was cited.
   */
  removed?: { at: string | null }
  /** The labels printed on `pages` (pdf.js page labels, e.g. "ix", "9"), when the PDF has them. */
  pageLabels?: (string | null)[]
  /** True when the passage comes from a page read by OCR (a scan): its text may misread digits. */
  ocr?: boolean
  /** Other documents holding the same passage (SearchHit.alsoIn); absent: none. */
  alsoIn?: PassageCopy[]
}

/** A number in the answer that appears in none of the passages the sentence relies on. */
export interface UnsupportedFigure {
  figure: string
  sentence: string
  /** Source numbers the figure was checked against. */
  checkedAgainst: number[]
}

export type OllamaState = 'not-running' | 'model-missing' | 'error' | 'ready'

export interface OllamaStatus {
  state: OllamaState
  host: string
  /** The model that will answer (configured, or picked from the installed ones). */
  model: string | null
  /** Installed models, from /api/tags. Empty when Ollama could not be reached. */
  models: string[]
  version: string | null
  /** The model's trained context length, from /api/show. */
  contextLength: number | null
  /** One line saying what is wrong (or that all is well). */
  message: string
  /** One line saying how to fix it; null when ready. */
  fix: string | null
  /**
   * No model is chosen and the one Quire answered with last is no longer installed: `model` answers
   * instead, and this names the one it replaces (absent or null: no such switch).
   */
  replacedModel?: string | null
}

export type OllamaProblemKind =
  'not-running' | 'model-missing' | 'http-error' | 'timeout' | 'stream-broken' | 'bad-config' | 'bad-response'

export interface OllamaProblem {
  kind: OllamaProblemKind
  message: string
  fix: string
  /** HTTP status when Ollama answered with an error. */
  status?: number
  /** The model concerned and the installed ones, so each surface can word its own remedy. */
  model?: string | null
  installed?: string[]
}

export interface RetrievalTraceHit {
  rank: number
  chunkId: number
  documentId: number
  file: string
  pages: number[]
  /** The passage's locator, for documents without pages (absent for PDFs). */
  locator?: string | null
  score: number
}

export interface QuestionRewrite {
  from: string
  to: string
  model: string
  ms: number
}

/** What happened between the question and the answer, kept with the message for later inspection. */
export interface RetrievalTrace {
  question: string
  /** The follow-up rewritten into a standalone question by the model, when that happened. */
  rewrite: QuestionRewrite | null
  /**
   * A rewrite the model offered that was not used (it answered instead of asking, cited sources,
   * dropped the question's words or left the conversation's topic); search used context instead.
   */
  rewriteRejected?: { text: string; reason: string } | null
  /** The text actually sent to search. */
  searchQuery: string
  /** Earlier questions passed to search as context (when no rewrite was possible). */
  context: string[]
  searchMode: SearchMode | null
  declined: boolean
  /** Search's decline decision with its reason (which words were missing); null on older answers. */
  decision?: SearchDecision | null
  hits: RetrievalTraceHit[]
  /** Chunk ids that went into the prompt, in source-number order. */
  packed: number[]
  /** Retrieved passages left out because they did not fit the model's context. */
  omitted: number[]
  /** True when the single top passage had to be shortened to fit at all. */
  truncatedTop: boolean
  numCtx: number | null
  promptTokens: number | null
  /** The documents the question searched (the library panel's ticks); absent or null: all of them. */
  documentIds?: number[] | null
  /** What the optional search stages did (reranked, also searched for); absent when none ran. */
  stages?: StageNote[]
  /**
   * Set when the question compared two documents: each was searched on its own for `aspect` ('':
   * none named), and two versions of one document (`versions`) gave their differing sections first.
   */
  comparison?: {
    documents: { id: number; file: string; title: string; passages: number }[]
    aspect: string
    versions: boolean
  } | null
  /**
   * What the question searched, as it was called then (a collection, the ticked documents, a
   * document the question named): shown on the answer and written into the export and `ask
   * --json`. Absent on answers stored before scopes were recorded.
   */
  scope?: AnswerScope | null
  /** Query help (expansion or HyDE) asked of the model before searching; absent when off. */
  queryHelp?: QueryHelpTrace
}

/** Settings › Search › Query help: off, other wordings (expand) or a hypothetical answer passage (hyde). */
export type QueryHelpMode = 'off' | 'expand' | 'hyde'

export interface QueryHelpTrace {
  mode: Exclude<QueryHelpMode, 'off'>
  model: string
  /** What was searched beside the question (empty when skipped). */
  queries: string[]
  ms: number
  budgetMs: number
  /** Why nothing was searched beside the question: slower than the budget, failed, or nothing usable. */
  skipped: 'budget' | 'failed' | 'empty' | null
}

export interface AnswerTimings {
  retrievalMs: number
  firstTokenMs: number | null
  totalMs: number
}

/**
 * Something the person should know about an answer, as data: each surface words it itself from
 * one table (src/shared/answer-warnings.ts). `note` keeps a line stored before warnings were
 * structured that no kind matched, word for word.
 */
export type AnswerWarning =
  | { kind: 'passages-omitted'; omitted: number; total: number; window: number }
  | { kind: 'passages-trimmed'; count: number; window: number }
  | { kind: 'top-passage-shortened' }
  | { kind: 'invalid-citations'; numbers: number[] }
  | { kind: 'unsupported-figure'; figure: string }
  | { kind: 'length-limit'; answerTokens: number }
  | { kind: 'stopped' }
  | { kind: 'stopped-before-start' }
  | { kind: 'no-citations' }
  /** The model could not be used: the answer is the most relevant passages. */
  | { kind: 'retrieval-only'; problem: OllamaProblem }
  /** The model's stream broke midway: what arrived is kept. */
  | { kind: 'broke-off'; problem: OllamaProblem }
  | { kind: 'note'; text: string }
  /** The model answered with last is no longer installed: `model` answered instead (modelReplacedText). */
  | { kind: 'model-replaced'; previous: string; model: string }

/** A stored answer: the assistant's reply with the mode, trace and timings every answer has. */
export type AnswerMessage = Message & {
  role: 'assistant'
  mode: AnswerMode
  trace: RetrievalTrace
  timings: AnswerTimings
}

/** What checking an answer found that is not stored with the message (its warnings say it in words). */
export interface AnswerExtras {
  /** Citation numbers the model used that referred to no provided source (removed from the text). */
  invalidCitations: number[]
  unsupportedFigures: UnsupportedFigure[]
  /** For a document's summary (docs/summaries.md): what it cost in model calls. Absent for answers. */
  summary?: SummaryCost
}

/** A summary's sections and the model calls this run made (stored section summaries cost none). */
export interface SummaryCost {
  documentId: number
  sections: number
  sectionCalls: number
  combineCalls: number
  modelCalls: number
}

/** How far a summary has come: sections summarised, then combining requests done. */
export interface SummaryProgress {
  stage: 'sections' | 'combining'
  done: number
  total: number
}

/**
 * A finished answer, the same shape from the engine to every surface: the message as stored,
 * and what the checks found beside it.
 */
export interface AnswerResult {
  message: AnswerMessage
  extras: AnswerExtras
}

/** Streamed to the caller while an answer is produced. */
export type AnswerEvent =
  | { type: 'started'; conversationId: number; questionMessageId: number }
  | { type: 'retrieval'; trace: RetrievalTrace; sources: Citation[] }
  | { type: 'token'; text: string }
  /** A document's summary is being built (docs/summaries.md); sent instead of tokens. */
  | ({ type: 'summary-progress' } & SummaryProgress)
  | { type: 'done'; result: AnswerResult }
  /**
   * The answer could not be produced at all (search broke, the library closed). The stored reply
   * (messageId) is an empty failed message, or null when the question never reached the store.
   */
  | { type: 'failed'; conversationId: number; messageId: number | null; code: string; message: string }

export interface Conversation {
  id: number
  title: string
  createdAt: string
  updatedAt: string
  messageCount: number
  /** The collection it belongs to and searches; null: all documents (absent from older callers). */
  collectionId?: number | null
  /**
   * In search results only: the line of a message that matched, with the matches wrapped in [[ and
   * ]] (ConversationSearchHit.snippet); absent when the title matched.
   */
  snippet?: string
}

export type MessageRole = 'user' | 'assistant'

export interface Message {
  id: number
  conversationId: number
  role: MessageRole
  text: string
  /** Cited passages as they were when answered: they survive later changes to the library. */
  citations: Citation[]
  /** Every passage the answer was given (the prompt's sources, or the nearest ones when declined). */
  sources: Citation[]
  /**
   * For an answer: the question it replies to. Regenerating adds another answer to the same
   * question, so a turn can hold several versions (oldest first). Null for questions and for
   * answers stored before versions existed (they reply to the question just before them).
   */
  replyTo: number | null
  /** The Ollama problem behind a retrieval-only or broken answer. */
  ollama: OllamaProblem | null
  trace: RetrievalTrace | null
  model: string | null
  mode: AnswerMode | null
  status: AnswerStatus
  declined: boolean
  /**
   * Who declined, when declined: search's reason, or `model` (the model replied that the passages
   * do not answer). Derived from the stored decision (decline-reason.ts declineCodeOf); null when
   * not declined or unknown.
   */
  declineReason?: DeclineCode | null
  timings: AnswerTimings | null
  warnings: AnswerWarning[]
  error: string | null
  createdAt: string
}

export interface ConversationSearchHit {
  conversation: Conversation
  messageId: number
  role: MessageRole
  /** Message text around the match, with matches wrapped in [[ and ]]. */
  snippet: string
}
