import { Ollama, type ChatResponse, type Message as OllamaMessage, type Options } from 'ollama'
import { DEFAULT_OLLAMA_HOST, type OllamaProblem, type OllamaStatus } from '@shared/chat-types.js'
import { modelReplacedText } from '@shared/ollama-remedies.js'
import { classifyOllamaError, describeProblem, OllamaError } from './ollama-problem.js'

export interface OllamaClientOptions {
  /** Default http://127.0.0.1:11434; may be another machine on the analyst's network. */
  host?: string
  /** The chat model. When unset, the model answered with last if installed, else the first installed chat model. */
  model?: string | null
  /**
   * Without a chosen model: the one answered with last. Kept while it is installed (a model pulled
   * later never takes over); when it is gone, status says which model replaces it.
   */
  preferredModel?: string | null
  /** Limit for quick requests (/api/tags, /api/show, /api/version). */
  requestTimeoutMs?: number
  /** How long to wait for the first piece of an answer: loading a large model from disk can take minutes. */
  firstTokenTimeoutMs?: number
  /** Longest silence between two streamed pieces before the stream is considered dead. */
  idleTimeoutMs?: number
}

export type ChatMessage = Pick<OllamaMessage, 'role' | 'content'>

export interface ChatStreamRequest {
  model: string
  messages: ChatMessage[]
  options: Partial<Options>
  signal?: AbortSignal
  onToken?: (text: string) => void
}

export interface ChatStreamResult {
  /** Everything that arrived, also when the stream was stopped or broke. */
  text: string
  outcome: 'complete' | 'stopped' | 'failed'
  problem: OllamaProblem | null
  /** ms from the request to the first piece of text. */
  firstTokenMs: number | null
  doneReason: string | null
}

/** Names that are embedding models, never chat models: skipped when picking a model automatically. */
const EMBEDDING_MODEL = /embed|minilm|bge-|e5-|gte-/i

/** Ollama through the official client, with timeouts, cancellation and failures turned into plain problems. */
export class OllamaClient {
  readonly host: string
  readonly configuredModel: string | null
  /** See OllamaClientOptions.preferredModel; the answerer updates it once a model has answered. */
  preferredModel: string | null
  private readonly requestTimeoutMs: number
  private readonly firstTokenTimeoutMs: number
  private readonly idleTimeoutMs: number
  private readonly contextCache = new Map<string, number | null>()

  constructor(opts: OllamaClientOptions = {}) {
    this.host = (opts.host?.trim() || DEFAULT_OLLAMA_HOST).replace(/\/+$/, '')
    this.configuredModel = opts.model?.trim() || null
    this.preferredModel = opts.preferredModel?.trim() || null
    this.requestTimeoutMs = opts.requestTimeoutMs ?? 5_000
    this.firstTokenTimeoutMs = opts.firstTokenTimeoutMs ?? 300_000
    this.idleTimeoutMs = opts.idleTimeoutMs ?? 120_000
  }

  private validHost(): boolean {
    try {
      const u = new URL(this.host.includes('://') ? this.host : `http://${this.host}`)
      return u.protocol === 'http:' || u.protocol === 'https:'
    } catch {
      return false
    }
  }

  /** A client whose every request is bound to `signal`, so timeouts and cancellation reach the socket. */
  private client(signal: AbortSignal): Ollama {
    if (!this.validHost()) throw new OllamaError(describeProblem('bad-config', { host: this.host }))
    const boundFetch: typeof fetch = async (input, init) => {
      const signals = init?.signal ? [init.signal, signal] : [signal]
      const res = await fetch(input, { ...init, signal: AbortSignal.any(signals) })
      return jsonErrors(res)
    }
    return new Ollama({ host: this.host, fetch: boundFetch })
  }

  private quick(): Ollama {
    return this.client(AbortSignal.timeout(this.requestTimeoutMs))
  }

  private wrap(err: unknown, model?: string | null): OllamaError {
    return new OllamaError(
      classifyOllamaError(err, { host: this.host, model: model ?? this.configuredModel }),
    )
  }

  async version(): Promise<string> {
    try {
      const v = await this.quick().version()
      if (typeof v?.version !== 'string') throw new SyntaxError('no version in the reply to /api/version')
      return v.version
    } catch (err) {
      throw this.wrap(err)
    }
  }

  /** Installed model names, from /api/tags. */
  async listModels(): Promise<string[]> {
    try {
      const res = await this.quick().list()
      if (!Array.isArray(res?.models)) throw new SyntaxError('no model list in the reply to /api/tags')
      return res.models.map((m) => m.name ?? m.model).filter((n): n is string => typeof n === 'string')
    } catch (err) {
      throw this.wrap(err)
    }
  }

  /** The model's trained context length from /api/show (`<architecture>.context_length`), or null if unknown. */
  async contextLength(model: string): Promise<number | null> {
    if (this.contextCache.has(model)) return this.contextCache.get(model) ?? null
    let info: Record<string, unknown>
    try {
      const res = await this.quick().show({ model })
      info = (res?.model_info ?? {}) as unknown as Record<string, unknown>
    } catch (err) {
      throw this.wrap(err, model)
    }
    const arch = info['general.architecture']
    let length = typeof arch === 'string' ? info[`${arch}.context_length`] : undefined
    if (typeof length !== 'number') {
      length = Object.entries(info).find(
        ([k, v]) => k.endsWith('.context_length') && typeof v === 'number',
      )?.[1]
    }
    const result = typeof length === 'number' && length > 0 ? length : null
    this.contextCache.set(model, result)
    return result
  }

  /** The configured model if set, else the one answered with last if installed, else the first installed chat model. */
  pickModel(installed: string[]): string | null {
    if (this.configuredModel) return this.configuredModel
    const preferred = this.preferredModel
    if (preferred && installed.some((m) => sameModel(m, preferred))) return preferred
    return installed.find((m) => !EMBEDDING_MODEL.test(m)) ?? null
  }

  /** Health: not running / model not pulled / ready, with one line on what to do. Never throws. */
  async status(): Promise<OllamaStatus> {
    const base = {
      host: this.host,
      model: this.configuredModel,
      models: [] as string[],
      version: null as string | null,
      contextLength: null as number | null,
    }
    const [version, models] = await Promise.allSettled([this.version(), this.listModels()])
    const failure =
      version.status === 'rejected' ? version.reason : models.status === 'rejected' ? models.reason : null
    if (failure) {
      const problem = classifyOllamaError(failure, { host: this.host })
      const unreachable = ['not-running', 'timeout', 'bad-config'].includes(problem.kind)
      return {
        ...base,
        state: unreachable ? 'not-running' : 'error',
        message: problem.message,
        fix: problem.fix,
      }
    }
    base.version = version.status === 'fulfilled' ? version.value : null
    base.models = models.status === 'fulfilled' ? models.value : []
    const model = this.pickModel(base.models)
    const installed = model !== null && base.models.some((m) => sameModel(m, model))
    if (!model || !installed) {
      const p = describeProblem('model-missing', { host: this.host, model, installed: base.models })
      return { ...base, model, state: 'model-missing', message: p.message, fix: p.fix }
    }
    try {
      base.contextLength = await this.contextLength(model)
    } catch (err) {
      const p = classifyOllamaError(err, { host: this.host, model, installed: base.models })
      const state = p.kind === 'model-missing' ? 'model-missing' : 'error'
      return { ...base, model, state, message: p.message, fix: p.fix }
    }
    const preferred = this.preferredModel
    const replaced = !this.configuredModel && preferred && !sameModel(preferred, model) ? preferred : null
    return {
      ...base,
      model,
      state: 'ready',
      message: replaced
        ? modelReplacedText(replaced, model, 'cli')
        : `Ollama ${base.version ?? ''} is ready with ${model}.`.replace('  ', ' '),
      fix: null,
      replacedModel: replaced,
    }
  }

  /**
   * Streams a chat answer. Never throws for Ollama failures: the result says whether the answer
   * completed, was stopped through `signal`, or failed (with the text that arrived before).
   */
  async streamChat(req: ChatStreamRequest): Promise<ChatStreamResult> {
    const started = performance.now()
    let text = ''
    let firstTokenMs: number | null = null
    let doneReason: string | null = null
    let responded = false
    const result = (
      outcome: ChatStreamResult['outcome'],
      problem: OllamaProblem | null,
    ): ChatStreamResult => ({
      text,
      outcome,
      problem,
      firstTokenMs,
      doneReason,
    })
    if (req.signal?.aborted) return result('stopped', null)

    // One watchdog covers both waits: the first piece (model loading) and silences between pieces.
    const watchdog = new AbortController()
    let timer = setTimeout(() => watchdog.abort(), this.firstTokenTimeoutMs)
    const rearm = () => {
      clearTimeout(timer)
      timer = setTimeout(() => watchdog.abort(), this.idleTimeoutMs)
    }
    const signal = req.signal ? AbortSignal.any([req.signal, watchdog.signal]) : watchdog.signal
    try {
      const stream = await this.client(signal).chat({
        model: req.model,
        messages: req.messages,
        stream: true,
        options: req.options,
      })
      responded = true
      for await (const part of stream as AsyncIterable<ChatResponse>) {
        rearm()
        const piece = part?.message?.content ?? ''
        if (piece) {
          if (firstTokenMs === null) firstTokenMs = performance.now() - started
          text += piece
          req.onToken?.(piece)
        }
        if (part?.done) doneReason = part.done_reason ?? 'stop'
        if (req.signal?.aborted) return result('stopped', null)
      }
      return result('complete', null)
    } catch (err) {
      if (req.signal?.aborted) return result('stopped', null)
      const ctx = { host: this.host, model: req.model, midStream: responded }
      if (watchdog.signal.aborted) {
        const waited = firstTokenMs === null ? 'the first words of the answer' : 'the rest of the answer'
        return result('failed', describeProblem('timeout', { ...ctx, detail: `while waiting for ${waited}` }))
      }
      return result('failed', classifyOllamaError(err, ctx))
    } finally {
      clearTimeout(timer)
    }
  }
}

/** Ollama tags models as name:tag; "llama3" means "llama3:latest". */
export function sameModel(a: string, b: string): boolean {
  const norm = (s: string) => (s.includes(':') ? s : `${s}:latest`)
  return norm(a) === norm(b)
}

/**
 * The ollama client logs to the console when an error body is not JSON; Quire's CLI owns stdout.
 * Rewrap such errors as Ollama-style JSON so the client stays quiet and the message survives.
 */
async function jsonErrors(res: Response): Promise<Response> {
  if (res.ok || res.headers.get('content-type')?.includes('application/json')) return res
  const text = await res.text().catch(() => '')
  const error = text.trim().slice(0, 300) || `${res.status} ${res.statusText}`
  return new Response(JSON.stringify({ error }), {
    status: res.status,
    statusText: res.statusText,
    headers: { 'content-type': 'application/json' },
  })
}
