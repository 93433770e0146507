import type {
  AnswerEvent,
  AnswerResult,
  Citation,
  Message,
  OllamaProblem,
  OllamaStatus,
  QuestionRewrite,
  RetrievalTrace,
} from '@shared/chat-types.js'
import { QuireError, errorMessageOf } from '@shared/errors.js'
import type { SearchOptions, SearchResponse } from '@shared/library-types.js'
import { ConversationStore } from '../chat/conversation-store.js'
import { earlierQuestions, historyWindow, type HistoryWindowOptions, type Turn } from './history-window.js'
import { rewriteFollowUp } from './rewrite-question.js'
import type { Db } from '../store/open-database.js'
import { buildAnswerPrompt } from '../generate/build-prompt.js'
import { resolveCitations } from '../generate/citations.js'
import {
  contextWindow,
  DEFAULT_ANSWER_TOKENS,
  DEFAULT_MAX_CONTEXT_TOKENS,
} from '../generate/context-budget.js'
import { findUnsupportedFigures } from '../generate/figures.js'
import { withFocus } from '../generate/focus-sentences.js'
import { OllamaClient, type OllamaClientOptions } from '../generate/ollama-client.js'
import { describeProblem, problemLine } from '../generate/ollama-problem.js'
import { declinedAnswer, retrievalOnlyAnswer, type FallbackAnswer } from '../generate/retrieval-only.js'

export type SearchFn = (query: string, opts?: SearchOptions) => Promise<SearchResponse>

export interface AnswererOptions {
  /** The library's search (injected so the answerer does not own the library). */
  search: SearchFn
  /** The library's database, where conversations live. */
  db: Db
  ollama?: OllamaClient | OllamaClientOptions
  /** Passages to retrieve; packing decides how many reach the model. */
  k?: number
  /** Upper bound on num_ctx (memory on the Ollama machine), below the model's own length. */
  maxContextTokens?: number
  answerTokens?: number
  temperature?: number
  history?: HistoryWindowOptions
}

export interface AskOptions {
  /** Continue this conversation; a new one is started when absent. */
  conversationId?: number
  signal?: AbortSignal
  /** Each piece of the answer as it arrives. */
  onToken?: (text: string) => void
  /** Everything that happens, for the UI: start, retrieval, tokens, the final result. */
  onEvent?: (event: AnswerEvent) => void
  documentIds?: number[]
  /**
   * Answer this earlier question (a message id in the conversation) again: the new answer becomes
   * another version of that turn, and only the turns before it are the conversation's history.
   */
  regenerate?: number
}

/** Ollama's default temperature invents; low keeps the model close to the sources. */
const DEFAULT_TEMPERATURE = 0.1

/**
 * Passages asked of search for an answer. Six, not ten: a passage can be up to three neighbouring
 * chunks (about 320 words on average in the top five), so six already hold the text of about ten
 * chunks, and the prompt stays near 4k tokens: a larger num_ctx makes Ollama reserve more memory
 * and read the prompt for longer before the first token.
 */
export const DEFAULT_ANSWER_PASSAGES = 6

interface Draft {
  answer: string
  mode: AnswerResult['mode']
  status: AnswerResult['status']
  declined: boolean
  citations: Citation[]
  sources: Citation[]
  invalidCitations: number[]
  unsupportedFigures: AnswerResult['unsupportedFigures']
  model: string | null
  firstTokenMs: number | null
  warnings: string[]
  ollama: OllamaProblem | null
}

/**
 * Grounded answers: retrieves passages, asks the local model to answer only from them with [n]
 * citations, checks the citations and figures, and stores the turn in the conversation. When the
 * library has no answer it declines without asking the model; when Ollama cannot be used it answers
 * from retrieval alone. Never throws for Ollama failures.
 */
export class Answerer {
  readonly conversations: ConversationStore
  private ollama: OllamaClient
  private readonly search: SearchFn
  private readonly k: number
  private readonly maxContextTokens: number
  private readonly answerTokens: number
  private readonly temperature: number
  private readonly historyOptions: HistoryWindowOptions

  constructor(opts: AnswererOptions) {
    this.search = opts.search
    this.conversations = new ConversationStore(opts.db)
    this.ollama = opts.ollama instanceof OllamaClient ? opts.ollama : new OllamaClient(opts.ollama)
    this.k = opts.k ?? DEFAULT_ANSWER_PASSAGES
    this.maxContextTokens = opts.maxContextTokens ?? DEFAULT_MAX_CONTEXT_TOKENS
    this.answerTokens = opts.answerTokens ?? DEFAULT_ANSWER_TOKENS
    this.temperature = opts.temperature ?? DEFAULT_TEMPERATURE
    this.historyOptions = opts.history ?? {}
  }

  get ollamaClient(): OllamaClient {
    return this.ollama
  }

  /** Switches Ollama host or model (settings change); takes effect from the next question. */
  configureOllama(opts: OllamaClientOptions): void {
    this.ollama = new OllamaClient(opts)
  }

  status(): Promise<OllamaStatus> {
    return this.ollama.status()
  }

  async ask(question: string, opts: AskOptions = {}): Promise<AnswerResult> {
    const started = performance.now()
    const q = question.trim()
    if (!q) throw new QuireError('EMPTY_QUESTION', 'The question is empty.')
    const conversation =
      opts.conversationId !== undefined
        ? this.conversations.require(opts.conversationId)
        : this.conversations.create(q)
    const all = this.conversations.messages(conversation.id)
    let asked: Message
    let earlier = all
    if (opts.regenerate !== undefined) {
      const at = all.findIndex((m) => m.id === opts.regenerate && m.role === 'user')
      if (at < 0)
        throw new QuireError(
          'MESSAGE_NOT_FOUND',
          `There is no question ${opts.regenerate} in conversation ${conversation.id} to answer again.`,
        )
      asked = all[at]!
      earlier = all.slice(0, at)
    } else {
      asked = this.conversations.addMessage({ conversationId: conversation.id, role: 'user', text: q })
    }
    const turns = historyWindow(earlier, this.historyOptions)
    opts.onEvent?.({ type: 'started', conversationId: conversation.id, questionMessageId: asked.id })
    try {
      return await this.answer(asked.text, conversation.id, turns, { ...opts, replyTo: asked.id }, started)
    } catch (err) {
      // Keep the conversation well-formed (every question has a reply) before reporting the failure.
      this.conversations.addMessage({
        conversationId: conversation.id,
        role: 'assistant',
        text: '',
        status: 'failed',
        error: errorMessageOf(err),
        replyTo: asked.id,
      })
      throw err
    }
  }

  private async answer(
    question: string,
    conversationId: number,
    turns: Turn[],
    opts: AskOptions & { replyTo: number },
    started: number,
  ): Promise<AnswerResult> {
    const { signal } = opts
    const status = await this.ollama.status()
    const model = status.state === 'ready' ? status.model : null
    const window = contextWindow(status.contextLength, this.maxContextTokens)

    // Follow-ups: a standalone rewrite when the model is there, else earlier questions as search context.
    let rewrite: QuestionRewrite | null = null
    let rewriteRejected: RetrievalTrace['rewriteRejected'] = null
    let context: string[] = []
    if (turns.length > 0) {
      if (model) {
        const out = await rewriteFollowUp((r) => this.ollama.streamChat(r), model, turns, question, {
          window,
          ...(signal ? { signal } : {}),
        })
        rewrite = out.rewrite
        if (!out.rewrite && out.rejected) rewriteRejected = out.rejected
      }
      if (!rewrite) context = earlierQuestions(turns)
    }
    const searchQuery = rewrite?.to ?? question
    const searchStarted = performance.now()
    const response = await this.search(searchQuery, {
      k: this.k,
      ...(context.length ? { context } : {}),
      ...(opts.documentIds ? { documentIds: opts.documentIds } : {}),
    })
    const retrievalMs = performance.now() - searchStarted
    const trace: RetrievalTrace = {
      question,
      rewrite,
      rewriteRejected,
      searchQuery,
      context,
      searchMode: response.mode ?? null,
      declined: response.declined,
      decision: response.decision ?? null,
      hits: response.results.map((h) => ({
        rank: h.rank,
        chunkId: h.chunkId,
        documentId: h.documentId,
        file: h.file,
        pages: h.pages,
        score: h.score,
      })),
      packed: [],
      omitted: [],
      truncatedTop: false,
      numCtx: null,
      promptTokens: null,
    }
    const finish = (draft: Draft) => this.finish(draft, conversationId, trace, opts, started, retrievalMs)
    const base = {
      invalidCitations: [],
      unsupportedFigures: [],
      model,
      firstTokenMs: null,
      warnings: [],
      ollama: null,
    }

    if (signal?.aborted) {
      return finish({
        ...base,
        answer: '',
        mode: 'llm',
        status: 'stopped',
        declined: false,
        citations: [],
        sources: [],
        warnings: ['Stopped before the answer began.'],
      })
    }

    if (response.declined || response.results.length === 0) {
      const d = declinedAnswer(response.results)
      trace.packed = d.sources.map((s) => s.chunkId)
      this.emitRetrieval(opts, trace, d.sources)
      // The library has nothing on this: the model is not asked to improvise.
      return finish({
        ...base,
        ...d,
        mode: model ? 'llm' : 'retrieval-only',
        status: 'complete',
        declined: true,
      })
    }

    if (!model)
      return finish(this.retrievalOnly(question, response, trace, statusProblem(status), opts, base))

    const prompt = buildAnswerPrompt(question, response.results, { window, answerTokens: this.answerTokens })
    trace.packed = prompt.sources.map((s) => s.chunkId)
    trace.omitted = prompt.omitted.map((h) => h.chunkId)
    trace.truncatedTop = prompt.truncatedTop
    trace.numCtx = prompt.numCtx
    trace.promptTokens = prompt.promptTokens
    if (prompt.sources.length === 0) {
      const problem: OllamaProblem = {
        kind: 'bad-config',
        message: `The model's context (${window} tokens) is too small to hold any passage.`,
        fix: 'Choose a model with a longer context, or raise the context limit.',
      }
      return finish(this.retrievalOnly(question, response, trace, problem, opts, base))
    }
    this.emitRetrieval(opts, trace, prompt.sources)

    let firstTokenMs: number | null = null
    const res = await this.ollama.streamChat({
      model,
      messages: prompt.messages,
      options: { num_ctx: prompt.numCtx, num_predict: prompt.answerTokens, temperature: this.temperature },
      ...(signal ? { signal } : {}),
      onToken: (text) => {
        if (firstTokenMs === null) firstTokenMs = performance.now() - started
        opts.onToken?.(text)
        opts.onEvent?.({ type: 'token', text })
      },
    })
    const text = stripThinking(res.text)

    if (res.outcome === 'failed' && !text.trim()) {
      // Nothing arrived: the model is unusable right now, so answer from retrieval.
      const problem = res.problem ?? describeProblem('http-error', { host: this.ollama.host, model })
      trace.packed = []
      trace.omitted = []
      return finish(this.retrievalOnly(question, response, trace, problem, opts, base, false))
    }

    const warnings: string[] = []
    if (prompt.omitted.length) {
      const total = prompt.sources.length + prompt.omitted.length
      warnings.push(
        `${prompt.omitted.length} of ${total} retrieved passages did not fit in the model's context (${window} tokens) and were left out.`,
      )
    }
    if (prompt.truncatedTop)
      warnings.push("The top passage was too long for the model's context and was shortened.")
    const resolved = resolveCitations(text.trim(), prompt.sources)
    const sources = withFocus(resolved.answer, prompt.sources)
    if (resolved.invalid.length) {
      const list = resolved.invalid.map((n) => `[${n}]`).join(', ')
      warnings.push(
        `The answer cited ${list}, which ${resolved.invalid.length === 1 ? 'is not a source it was given' : 'are not sources it was given'}; removed.`,
      )
    }
    const figures = findUnsupportedFigures(resolved.answer, prompt.sources)
    for (const f of figures)
      warnings.push(`Unsupported figure: "${f.figure}" appears in none of the cited passages.`)
    if (res.outcome === 'complete' && res.doneReason === 'length') {
      warnings.push(`The answer reached the length limit (${prompt.answerTokens} tokens) and was cut short.`)
    }
    if (res.outcome === 'stopped') warnings.push('Stopped: the answer is incomplete.')
    if (res.outcome === 'failed' && res.problem)
      warnings.push(`The answer broke off: ${problemLine(res.problem)}`)
    if (res.outcome === 'complete' && resolved.citations.length === 0 && !saysNotFound(resolved.answer)) {
      warnings.push('The answer cites no sources; check it against the passages.')
    }
    return finish({
      answer: resolved.answer,
      mode: 'llm',
      status: res.outcome,
      declined: false,
      citations: sources.filter((s) => resolved.citations.some((c) => c.n === s.n)),
      sources,
      invalidCitations: resolved.invalid,
      unsupportedFigures: figures,
      model,
      firstTokenMs,
      warnings,
      ollama: res.outcome === 'failed' ? res.problem : null,
    })
  }

  private retrievalOnly(
    question: string,
    response: SearchResponse,
    trace: RetrievalTrace,
    problem: OllamaProblem,
    opts: AskOptions,
    base: Pick<Draft, 'model'>,
    emit = true,
  ): Draft {
    const fallback: FallbackAnswer = retrievalOnlyAnswer(question, response.results)
    trace.packed = fallback.sources.map((s) => s.chunkId)
    if (emit) this.emitRetrieval(opts, trace, fallback.sources)
    return {
      ...fallback,
      mode: 'retrieval-only',
      status: 'complete',
      declined: false,
      invalidCitations: [],
      unsupportedFigures: [],
      model: base.model,
      firstTokenMs: null,
      warnings: [`Ollama: ${problemLine(problem)}`],
      ollama: problem,
    }
  }

  private emitRetrieval(opts: AskOptions, trace: RetrievalTrace, sources: Citation[]): void {
    opts.onEvent?.({ type: 'retrieval', trace: structuredClone(trace), sources })
  }

  private finish(
    draft: Draft,
    conversationId: number,
    trace: RetrievalTrace,
    opts: AskOptions & { replyTo: number },
    started: number,
    retrievalMs: number,
  ): AnswerResult {
    const timings = {
      retrieval_ms: Math.round(retrievalMs),
      first_token_ms: draft.firstTokenMs === null ? null : Math.round(draft.firstTokenMs),
      total_ms: Math.round(performance.now() - started),
    }
    const message = this.conversations.addMessage({
      conversationId,
      role: 'assistant',
      text: draft.answer,
      citations: draft.citations,
      trace,
      model: draft.mode === 'llm' ? draft.model : null,
      mode: draft.mode,
      status: draft.status,
      declined: draft.declined,
      timings,
      warnings: draft.warnings,
      error: draft.ollama ? problemLine(draft.ollama) : null,
      sources: draft.sources,
      replyTo: opts.replyTo,
      ollama: draft.ollama,
    })
    const result: AnswerResult = {
      answer: draft.answer,
      mode: draft.mode,
      status: draft.status,
      declined: draft.declined,
      citations: draft.citations,
      sources: draft.sources,
      invalidCitations: draft.invalidCitations,
      unsupportedFigures: draft.unsupportedFigures,
      conversationId,
      messageId: message.id,
      model: draft.mode === 'llm' ? draft.model : null,
      timings,
      warnings: draft.warnings,
      ollama: draft.ollama,
      trace,
    }
    opts.onEvent?.({ type: 'done', result })
    return result
  }
}

function statusProblem(status: OllamaStatus): OllamaProblem {
  const kind =
    status.state === 'model-missing'
      ? 'model-missing'
      : status.state === 'not-running'
        ? 'not-running'
        : 'http-error'
  return { kind, message: status.message, fix: status.fix ?? 'Check the Ollama server.' }
}

/** Reasoning models may inline their thinking; it is not part of the answer. */
function stripThinking(text: string): string {
  return text.replace(/<think>[\s\S]*?(?:<\/think>|$)/g, '')
}

/** The model's one-sentence "the sources do not contain the answer" needs no citation. */
function saysNotFound(answer: string): boolean {
  return /\b(do(es)? not|don't|doesn't|cannot|can't|no information|not (mention|contain|include|say|provide|state))\b/i.test(
    answer,
  )
}
