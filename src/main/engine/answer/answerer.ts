import { checkQuestionLength } from '@shared/question-limit.js'
import type {
  AnswerEvent,
  AnswerResult,
  Citation,
  Message,
  OllamaProblem,
  OllamaStatus,
  QueryHelpMode,
  RetrievalTrace,
} from '@shared/chat-types.js'
import { QuireError, errorCodeOf, errorMessageOf } from '@shared/errors.js'
import type { ConversationStore } from '../chat/conversation-store.js'
import {
  contextWindow,
  DEFAULT_ANSWER_TOKENS,
  DEFAULT_MAX_CONTEXT_TOKENS,
} from '../generate/context-budget.js'
import { OllamaClient, type OllamaClientOptions } from '../generate/ollama-client.js'
import { describeProblem } from '../generate/ollama-problem.js'
import { declinedAnswer, modelDeclinedAnswer, retrievalOnlyAnswer } from '../generate/retrieval-only.js'
import { MarkerFilter, readModelVerdict } from '../generate/not-found-marker.js'
import { declineReason } from '@shared/decline-reason.js'
import { checkAnswer } from './check.js'
import { composeComparison, composePrompt, packingOf } from './compose.js'
import { comparisonPassages, type ComparisonPassages } from '../compare/compare-passages.js'
import { asksToCompare, comparisonRequest } from '../compare/compare-request.js'
import { indexedDocuments } from '../compare/named-documents.js'
import { streamAnswer } from './generate.js'
import { historyWindow, type HistoryWindowOptions } from './history-window.js'
import { prepareQuestion, type PreparedQuestion } from './prepare.js'
import { recordAnswer, type AnswerDraft } from './record.js'
import { DEFAULT_QUERY_HELP_BUDGET_MS, queryHelp } from './query-help.js'
import { retrievePassages, type Retrieved, type SearchFn } from './retrieve.js'
import { decideScope, searchTextWithout, type ResolvedScope } from './answer-scope.js'
import { ambiguousQuestion } from '@shared/search-scope.js'
import { baseName } from '@shared/labels.js'
import type { SearchHit } from '@shared/library-types.js'
import { buildTrace } from './trace.js'
import { whenLibraryFree } from '../store/busy-wait.js'
import { DEFAULT_ANSWER_PASSAGES } from './answer-passages.js'
import { Summarizer } from '../summarize/summarizer.js'
import { summaryTarget } from '../summarize/summary-request.js'
import { summaryCost, summaryDraft, summaryTrace } from './summary-turn.js'

export type { SearchFn }

export interface AnswererOptions {
  /** The library's search (injected so the answerer does not own the library). */
  search: SearchFn
  /** Where the turns are stored: a service of its own beside the answerer. */
  conversations: ConversationStore
  /**
   * The first passages of documents in reading order (retrieve/opening-passages.ts): what a
   * request for a whole named document is answered from. Absent: such requests are searched.
   */
  opening?: (documentIds: number[], k: number) => SearchHit[]
  ollama?: OllamaClient | OllamaClientOptions
  /** Passages to retrieve; packing decides how many reach the model. */
  k?: number
  /** How strict "not found" is (SearchOptions.minCoverage); absent: the evaluated default. */
  minCoverage?: number
  /** Upper bound on num_ctx (memory on the Ollama machine), below the model's own length. */
  maxContextTokens?: number
  answerTokens?: number
  temperature?: number
  history?: HistoryWindowOptions
  /** How long saving the question or the answer waits for another writer (store/busy-wait.ts). */
  busyWaitMs?: number
  /**
   * Called with the model that is about to answer when none is chosen, so the next run keeps it
   * (OllamaClientOptions.preferredModel) rather than switching to whichever is listed first.
   */
  onModelPicked?: (model: string) => void
  /** Query help before searching (query-help.ts); absent or 'off': the question alone is searched. */
  queryHelp?: QueryHelpSettings
}

export interface QueryHelpSettings {
  mode: QueryHelpMode
  /** At most this long for the model's help; a slower model is stopped and the question searched alone. */
  budgetMs?: number
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
   * What the question searches and how it is recorded (the library's owner resolves a collection
   * or the ticked documents into this). Wins over `documentIds`. Absent: the whole library.
   */
  scope?: ResolvedScope
  /**
   * Answer this earlier question (a message id in the conversation) again: the new answer becomes
   * another version of that turn, and only the turns before it are the conversation's history.
   */
  regenerate?: number
  /**
   * Ask this earlier question (a message id) again in the words given: the new wording is stored as
   * a revision of it (a question replying to the turn's first question) and its answer becomes
   * another version of that turn, as with `regenerate`.
   */
  revise?: number
  /**
   * Answer with this document's cited summary (docs/summaries.md). Without it, a question that
   * asks for a named document's summary or main points gets one too (summarize/summary-request.ts).
   */
  summarize?: number
}

/** Ollama's default temperature invents; low keeps the model close to the sources. */
const DEFAULT_TEMPERATURE = 0.1

export { DEFAULT_ANSWER_PASSAGES }

/**
 * Grounded answers as a staged pipeline: prepare (history window, follow-up rewrite) → retrieve →
 * compose (pack, prompt) → generate (stream) → check (citations, figures) → record. Each stage is
 * a module with a typed record; the trace is built from those records. When the library has no
 * answer it declines without asking the model; when Ollama cannot be used it answers from
 * retrieval alone. Never throws for Ollama failures.
 */
export class Answerer {
  private readonly conversations: ConversationStore
  private ollama: OllamaClient
  private readonly search: SearchFn
  private readonly opening: AnswererOptions['opening']
  private k: number
  private minCoverage: number | undefined
  private queryHelpSettings: QueryHelpSettings
  private readonly maxContextTokens: number
  private readonly answerTokens: number
  private readonly temperature: number
  private readonly historyOptions: HistoryWindowOptions
  private readonly onModelPicked: ((model: string) => void) | undefined
  private readonly busyWaitMs: number | undefined
  /** Whole-document summaries, in the same library as the conversations, asked of the same model. */
  readonly summarizer: Summarizer

  constructor(opts: AnswererOptions) {
    this.search = opts.search
    this.opening = opts.opening
    this.conversations = opts.conversations
    this.ollama = opts.ollama instanceof OllamaClient ? opts.ollama : new OllamaClient(opts.ollama)
    this.k = opts.k ?? DEFAULT_ANSWER_PASSAGES
    this.minCoverage = opts.minCoverage
    this.queryHelpSettings = opts.queryHelp ?? { mode: 'off' }
    this.maxContextTokens = opts.maxContextTokens ?? DEFAULT_MAX_CONTEXT_TOKENS
    this.answerTokens = opts.answerTokens ?? DEFAULT_ANSWER_TOKENS
    this.temperature = opts.temperature ?? DEFAULT_TEMPERATURE
    this.historyOptions = opts.history ?? {}
    this.onModelPicked = opts.onModelPicked
    this.busyWaitMs = opts.busyWaitMs
    this.summarizer = new Summarizer(this.conversations.db, () => this.ollama, this.maxContextTokens)
  }

  get ollamaClient(): OllamaClient {
    return this.ollama
  }

  /** Switches Ollama host or model (settings change); takes effect from the next question. */
  configureOllama(opts: OllamaClientOptions): void {
    this.ollama = new OllamaClient(opts)
  }

  /** Settings › Search › Query help, from the next question. */
  configureQueryHelp(settings: QueryHelpSettings): void {
    this.queryHelpSettings = settings
  }

  /** Settings → Answers: passages per answer and how strict "not found" is, from the next question. */
  configureRetrieval(opts: { k: number; minCoverage?: number }): void {
    this.k = opts.k
    this.minCoverage = opts.minCoverage
  }

  status(): Promise<OllamaStatus> {
    return this.ollama.status()
  }

  async ask(question: string, opts: AskOptions = {}): Promise<AnswerResult> {
    const started = performance.now()
    const q = question.trim()
    if (!q) throw new QuireError('EMPTY_QUESTION', 'The question is empty.')
    checkQuestionLength(q)
    // Another writer holding the database (an import's commit, a repair) is waited for within a
    // bound, then LIBRARY_BUSY: nothing half-stored, and the question is asked again as it was.
    const conversation =
      opts.conversationId !== undefined
        ? this.conversations.require(opts.conversationId)
        : await this.whenFree(() => this.conversations.create(q), 'the question could not be saved')
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
      earlier = all.slice(0, turnStart(all, asked))
    } else if (opts.revise !== undefined) {
      const revised = all.find((m) => m.id === opts.revise && m.role === 'user')
      if (!revised)
        throw new QuireError(
          'MESSAGE_NOT_FOUND',
          `There is no question ${opts.revise} in conversation ${conversation.id} to edit.`,
        )
      earlier = all.slice(0, turnStart(all, revised))
      asked = await this.whenFree(
        () =>
          this.conversations.addMessage({
            conversationId: conversation.id,
            role: 'user',
            text: q,
            replyTo: revised.replyTo ?? revised.id,
          }),
        'the question could not be saved',
      )
    } else {
      asked = await this.whenFree(
        () => this.conversations.addMessage({ conversationId: conversation.id, role: 'user', text: q }),
        'the question could not be saved',
      )
    }
    opts.onEvent?.({ type: 'started', conversationId: conversation.id, questionMessageId: asked.id })
    try {
      const summarize =
        opts.summarize ??
        summaryTarget(q, this.summarizer.documents(), opts.scope ? opts.scope.documentIds : opts.documentIds)
      if (summarize !== null) return await this.summarize(asked, summarize, opts, started)
      return await this.answer(asked, historyWindow(earlier, this.historyOptions), opts, started)
    } catch (err) {
      // Keep the conversation well-formed (every question has a reply) before reporting the failure:
      // the question stays, with its failed reply, so Retry answers it again. When even that cannot
      // be saved (the library still busy), the failure is reported without it.
      const reply = await this.whenFree(
        () =>
          this.conversations.addMessage({
            conversationId: conversation.id,
            role: 'assistant',
            text: '',
            status: 'failed',
            error: errorMessageOf(err),
            replyTo: asked.id,
          }),
        'the failure could not be saved',
      ).catch(() => null)
      opts.onEvent?.({
        type: 'failed',
        conversationId: conversation.id,
        messageId: reply?.id ?? null,
        code: errorCodeOf(err),
        message: errorMessageOf(err),
      })
      throw err
    }
  }

  /** The turn answered with a document's cited summary (summary-turn.ts). */
  private async summarize(
    asked: Message,
    documentId: number,
    opts: AskOptions,
    started: number,
  ): Promise<AnswerResult> {
    const result = await this.summarizer.summarize(documentId, {
      ...(opts.signal ? { signal: opts.signal } : {}),
      onProgress: (p) => opts.onEvent?.({ type: 'summary-progress', ...p }),
    })
    // A summary reads one document only: said on the answer as any scoped answer is.
    const name = baseName(result.document.path)
    const trace: RetrievalTrace = {
      ...summaryTrace(asked.text, result),
      scope: { kind: 'named', documentIds: [documentId], names: [name], said: name },
    }
    if (result.model && !this.ollama.configuredModel && this.ollama.preferredModel !== result.model) {
      this.ollama.preferredModel = result.model
      this.onModelPicked?.(result.model)
    }
    opts.onEvent?.({ type: 'retrieval', trace, sources: result.citations })
    const recorded = await this.whenFree(
      () =>
        recordAnswer(this.conversations, summaryDraft(result), {
          conversationId: asked.conversationId,
          replyTo: asked.id,
          trace,
          started,
          retrievalMs: 0,
        }),
      'the summary could not be saved (the sections summarised are kept: asking again finishes it)',
    )
    const answered: AnswerResult = {
      ...recorded,
      extras: { ...recorded.extras, summary: summaryCost(result) },
    }
    opts.onEvent?.({ type: 'done', result: answered })
    return answered
  }

  /** A write of this conversation, waiting within a bound while another writer holds the library. */
  private whenFree<T>(write: () => T, what: string): Promise<T> {
    return whenLibraryFree(this.conversations.db, write, what, this.busyWaitMs)
  }

  private async answer(
    asked: Message,
    turns: ReturnType<typeof historyWindow>,
    opts: AskOptions,
    started: number,
  ): Promise<AnswerResult> {
    const { signal } = opts
    const question = asked.text
    const status = await this.ollama.status()
    const model = status.state === 'ready' ? status.model : null
    const window = contextWindow(status.contextLength, this.maxContextTokens)
    // The model answered with last is gone and another answers: said on this answer, and the new
    // one is kept from now on (never a silent switch, and never a silent switch back).
    const replaced =
      model && status.replacedModel
        ? { kind: 'model-replaced' as const, previous: status.replacedModel, model }
        : null
    if (model && !this.ollama.configuredModel && this.ollama.preferredModel !== model) {
      this.ollama.preferredModel = model
      this.onModelPicked?.(model)
    }

    const bare = await prepareQuestion({
      question,
      turns,
      model,
      chat: (r) => this.ollama.streamChat(r),
      window,
      ...(signal ? { signal } : {}),
    })
    const help = this.queryHelpSettings
    const prepared: PreparedQuestion =
      model && help.mode !== 'off'
        ? {
            ...bare,
            queryHelp: await queryHelp((r) => this.ollama.streamChat(r), model, bare.searchQuery, {
              mode: help.mode,
              budgetMs: help.budgetMs ?? DEFAULT_QUERY_HELP_BUDGET_MS,
              window,
              ...(signal ? { signal } : {}),
            }),
          }
        : bare
    // Without a resolved scope (a caller that ticks documents only), nothing is named or recorded.
    const scoped = decideScope(question, opts.scope, opts.documentIds)
    // "Compare A and B", "what changed between these two versions": each document searched alone.
    const comparison =
      scoped.kind === 'search'
        ? await this.comparisonOf(prepared.searchQuery, scoped.documentIds ?? undefined)
        : null
    const retrieved: Retrieved =
      scoped.kind === 'ask-which'
        ? {
            response: { query: question, mode: 'keyword', declined: true, results: [] },
            ms: 0,
            documentIds: [],
            scope: scoped.scope,
          }
        : comparison
          ? { ...comparison.retrieved, ...(scoped.scope ? { scope: scoped.scope } : {}) }
          : scoped.wholeDocument && this.opening && scoped.documentIds
            ? openingRetrieved(prepared.searchQuery, this.opening(scoped.documentIds, this.k), scoped)
            : await retrievePassages(
                this.search,
                { ...prepared, searchQuery: searchTextWithout(prepared.searchQuery, scoped.mentions) },
                {
                  k: this.k,
                  documentIds: scoped.documentIds ?? undefined,
                  minCoverage: this.minCoverage,
                  scope: scoped.scope,
                },
              )
    const { response } = retrieved
    const record = (draft: AnswerDraft, sources: Citation[], packing = packingOf(sources)) =>
      this.whenFree(
        () =>
          recordAnswer(
            this.conversations,
            replaced ? { ...draft, warnings: [replaced, ...draft.warnings] } : draft,
            {
              conversationId: asked.conversationId,
              replyTo: asked.id,
              trace: buildTrace(prepared, retrieved, packing),
              started,
              retrievalMs: retrieved.ms,
            },
          ),
        'the answer could not be saved (the question is kept: Retry answers it again)',
      )
    const done = async (recorded: Promise<AnswerResult>) => {
      const result = await recorded
      opts.onEvent?.({ type: 'done', result })
      return result
    }
    const emitRetrieval = (sources: Citation[], packing = packingOf(sources)) =>
      opts.onEvent?.({ type: 'retrieval', trace: buildTrace(prepared, retrieved, packing), sources })
    const base = { invalidCitations: [], unsupportedFigures: [], model, firstTokenMs: null, ollama: null }

    if (signal?.aborted) {
      const draft: AnswerDraft = {
        ...base,
        answer: '',
        mode: 'llm',
        status: 'stopped',
        declined: false,
        citations: [],
        sources: [],
        warnings: [{ kind: 'stopped-before-start' }],
      }
      return done(record(draft, [], packingOf([])))
    }

    if (scoped.kind === 'ask-which') {
      // The question names a document several share: the asker says which (the UI offers each).
      const draft: AnswerDraft = {
        ...base,
        answer: ambiguousQuestion(scoped.scope),
        mode: model ? 'llm' : 'retrieval-only',
        status: 'complete',
        declined: true,
        citations: [],
        sources: [],
        warnings: [],
      }
      emitRetrieval([])
      return done(record(draft, []))
    }

    if (response.declined || response.results.length === 0) {
      // The library has nothing on this: the model is not asked to improvise.
      const d = declinedAnswer(response.results)
      emitRetrieval(d.sources)
      const draft: AnswerDraft = {
        ...base,
        ...d,
        mode: model ? 'llm' : 'retrieval-only',
        status: 'complete',
        declined: true,
        warnings: [],
      }
      return done(record(draft, d.sources))
    }

    const fromRetrieval = (problem: OllamaProblem, emit = true) => {
      const draft = this.retrievalOnly(prepared, retrieved, problem, model)
      if (emit) emitRetrieval(draft.sources)
      return done(record(draft, draft.sources))
    }
    if (!model) return fromRetrieval(statusProblem(status))

    const budget = { window, answerTokens: this.answerTokens }
    const composed = comparison
      ? composeComparison(question, comparison.passages, budget)
      : composePrompt(question, response.results, budget)
    if (composed.prompt.sources.length === 0) {
      return fromRetrieval({
        kind: 'bad-config',
        message: `The model's context (${window} tokens) is too small to hold any passage.`,
        fix: 'Choose a model with a longer context, or raise the context limit.',
      })
    }
    emitRetrieval(composed.prompt.sources, composed.packing)

    // The model's "not found" marker is never shown: the filter holds back what could become it.
    const marker = new MarkerFilter()
    const show = (text: string) => {
      if (!text) return
      opts.onToken?.(text)
      opts.onEvent?.({ type: 'token', text })
    }
    const generated = await streamAnswer(this.ollama, {
      model,
      composed,
      temperature: this.temperature,
      started,
      ...(signal ? { signal } : {}),
      onToken: (text) => show(marker.push(text)),
    })
    show(marker.end())
    if (generated.outcome === 'failed' && !generated.text.trim()) {
      // Nothing arrived: the model is unusable right now, so answer from retrieval.
      return fromRetrieval(
        generated.problem ?? describeProblem('http-error', { host: this.ollama.host, model }),
        false,
      )
    }

    // The second judge: the model replied that the passages do not answer.
    const verdict = readModelVerdict(generated.text)
    if (verdict.declined) {
      const d = modelDeclinedAnswer(composed.prompt.sources, verdict.text)
      const draft: AnswerDraft = {
        ...base,
        ...d,
        mode: 'llm',
        status: 'complete',
        declined: true,
        model,
        firstTokenMs: generated.firstTokenMs,
        warnings: composed.warnings,
      }
      return done(record(draft, d.sources, composed.packing))
    }

    const checked = checkAnswer({ ...generated, text: verdict.text }, composed)
    const draft: AnswerDraft = {
      ...checked,
      mode: 'llm',
      status: generated.outcome,
      declined: false,
      model,
      firstTokenMs: generated.firstTokenMs,
      ollama: generated.outcome === 'failed' ? generated.problem : null,
    }
    return done(record(draft, checked.sources, composed.packing))
  }

  /** The comparison a question asks for, with each document's passages; null when it asks none. */
  private async comparisonOf(
    question: string,
    scope: number[] | undefined,
  ): Promise<{ passages: ComparisonPassages; retrieved: Retrieved } | null> {
    if (!asksToCompare(question)) return null
    const request = comparisonRequest(question, indexedDocuments(this.conversations.db), scope)
    if (!request) return null
    const started = performance.now()
    const passages = await comparisonPassages(
      this.conversations.db,
      this.search,
      request,
      Math.ceil(this.k / 2) + 1,
    )
    if (!passages) return null
    return {
      passages,
      retrieved: {
        response: passages.response,
        ms: performance.now() - started,
        documentIds: scope ?? null,
        comparison: { documents: passages.sides, aspect: request.aspect, versions: passages.versions },
      },
    }
  }

  private retrievalOnly(
    prepared: PreparedQuestion,
    retrieved: Retrieved,
    problem: OllamaProblem,
    model: string | null,
  ): AnswerDraft {
    const decision = retrieved.response.decision
    // Search was unsure and the model cannot judge: the answer says the passages may not answer.
    const doubt = decision?.doubtful ? (declineReason({ ...decision, declined: true }) ?? '') : undefined
    const fallback = retrievalOnlyAnswer(prepared.question, retrieved.response.results, {
      ...(doubt !== undefined ? { doubt } : {}),
    })
    return {
      ...fallback,
      mode: 'retrieval-only',
      status: 'complete',
      declined: false,
      invalidCitations: [],
      unsupportedFigures: [],
      model,
      firstTokenMs: null,
      warnings: [{ kind: 'retrieval-only', problem }],
      ollama: problem,
    }
  }
}

/** The opening passages of the named documents as the search's answer (a request for the whole document). */
function openingRetrieved(
  query: string,
  results: SearchHit[],
  scoped: Extract<ReturnType<typeof decideScope>, { kind: 'search' }>,
): Retrieved {
  return {
    // Read in order, not searched: no vectors were consulted.
    response: { query, mode: 'keyword', declined: results.length === 0, results },
    ms: 0,
    documentIds: scoped.documentIds,
    scope: scoped.scope,
  }
}

/** Where a question's turn begins: its first wording (an edited question replies to it). */
function turnStart(all: Message[], question: Message): number {
  const first = question.replyTo ?? question.id
  const at = all.findIndex((m) => m.id === first)
  return at < 0 ? all.indexOf(question) : at
}

function statusProblem(status: OllamaStatus): OllamaProblem {
  const kind =
    status.state === 'model-missing'
      ? 'model-missing'
      : status.state === 'not-running'
        ? 'not-running'
        : 'http-error'
  return {
    kind,
    message: status.message,
    fix: status.fix ?? 'Check the Ollama server.',
    // The model and the installed ones, so the app can word its own remedy ("choose an installed one").
    ...(status.model ? { model: status.model } : {}),
    ...(status.models.length ? { installed: status.models } : {}),
  }
}
