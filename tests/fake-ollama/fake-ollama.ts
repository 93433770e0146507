/**
 * A fake Ollama: a real HTTP server on 127.0.0.1 speaking the parts of Ollama's API that Quire uses
 * (/api/chat with NDJSON streaming, /api/tags, /api/show, /api/version). Tests script it per case:
 * token streams, slow streams to cancel, HTTP errors, dropped connections, missing models.
 * Deterministic: fixed timestamps, no randomness, delays only when a script asks for them.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { defaultChatReply } from './default-reply.js'

export interface FakeModel {
  name: string
  /** Written to model_info as `<architecture>.context_length`. */
  contextLength: number
  architecture?: string
  family?: string
}

/** What one /api/chat request answers. Fields combine: e.g. tokens + dropAfter. */
export interface ChatReply {
  /** Content pieces streamed one NDJSON line each (or joined when stream=false). */
  tokens?: string[]
  /** Wait this long before each token (ms). */
  delayMs?: number
  /** Answer with this HTTP status and Ollama's error JSON instead of a stream. */
  status?: number
  error?: string
  /** Destroy the socket after this many tokens were sent (connection dropped mid-stream). */
  dropAfter?: number
  /** Stop sending after this many tokens and keep the connection open until the client leaves. */
  hangAfter?: number
  /** Send an in-stream `{"error": ...}` line after the tokens (Ollama does this when a runner dies). */
  streamError?: string
  /** End the response without the final done:true line. */
  omitDone?: boolean
  doneReason?: string
}

export interface ChatRequestBody {
  model: string
  messages: { role: string; content: string }[]
  stream?: boolean
  options?: Record<string, unknown>
  [key: string]: unknown
}

export type ChatResponder = ChatReply | ((req: ChatRequestBody, index: number) => ChatReply)

export interface FakeOllamaScript {
  models?: FakeModel[]
  version?: string
  /** One reply for every chat request, a function of the request, or a queue consumed in order. */
  chat?: ChatResponder | ChatReply[]
  /** Make an endpoint fail with this HTTP status (e.g. { tags: 500 }). */
  fail?: Partial<Record<'tags' | 'show' | 'version' | 'chat', number>>
}

export interface RecordedRequest {
  method: string
  path: string
  body: unknown
  /** For /api/chat: true when the client went away before the response ended (cancellation). */
  clientClosedEarly: boolean
}

export interface FakeOllama {
  url: string
  port: number
  requests: RecordedRequest[]
  /** Chat requests only, for convenience. */
  readonly chats: (RecordedRequest & { body: ChatRequestBody })[]
  setScript(script: FakeOllamaScript): void
  close(): Promise<void>
}

export const DEFAULT_FAKE_MODELS: FakeModel[] = [
  { name: 'llama3.2:3b', contextLength: 131072, architecture: 'llama' },
]

const CREATED_AT = '2024-01-01T00:00:00.000000Z'

function modelNamesMatch(a: string, b: string): boolean {
  const norm = (s: string) => (s.includes(':') ? s : `${s}:latest`)
  return norm(a) === norm(b)
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  })
  res.end(text)
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms))
}

async function readBody(req: http.IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = []
  for await (const p of req) parts.push(p as Buffer)
  const text = Buffer.concat(parts).toString('utf8')
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export async function startFakeOllama(
  initial: FakeOllamaScript = {},
  opts: { port?: number; host?: string } = {},
): Promise<FakeOllama> {
  let script: FakeOllamaScript = initial
  let chatIndex = 0
  const requests: RecordedRequest[] = []
  const models = (): FakeModel[] => script.models ?? DEFAULT_FAKE_MODELS
  const findModel = (name: unknown): FakeModel | undefined =>
    typeof name === 'string' ? models().find((m) => modelNamesMatch(m.name, name)) : undefined

  function nextReply(body: ChatRequestBody): ChatReply {
    const index = chatIndex++
    const chat = script.chat
    if (Array.isArray(chat)) return chat[index] ?? chat.at(-1) ?? defaultChatReply(body)
    if (typeof chat === 'function') return chat(body, index)
    return chat ?? defaultChatReply(body)
  }

  async function handleChat(req: http.IncomingMessage, res: http.ServerResponse, rec: RecordedRequest) {
    const body = rec.body as ChatRequestBody
    if (script.fail?.chat) return sendJson(res, script.fail.chat, { error: 'an unexpected error occurred' })
    const model = findModel(body?.model)
    if (!model) return sendJson(res, 404, { error: `model "${body?.model}" not found, try pulling it first` })
    const reply = nextReply(body)
    if (reply.status)
      return sendJson(res, reply.status, { error: reply.error ?? 'an unexpected error occurred' })
    const tokens = reply.tokens ?? []
    const final = {
      model: body.model,
      created_at: CREATED_AT,
      message: { role: 'assistant', content: '' },
      done: true,
      done_reason: reply.doneReason ?? 'stop',
      total_duration: 1_000_000,
      load_duration: 1_000,
      prompt_eval_count: 10,
      prompt_eval_duration: 1_000,
      eval_count: tokens.length,
      eval_duration: 1_000,
    }
    if (body.stream === false) {
      return sendJson(res, 200, { ...final, message: { role: 'assistant', content: tokens.join('') } })
    }
    let closed = false
    res.on('close', () => {
      if (!res.writableFinished) {
        closed = true
        rec.clientClosedEarly = true
      }
    })
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson' })
    // Lets the client read what was sent before the socket goes away, as with a real crash.
    const drop = async () => {
      await sleep(25)
      req.socket.destroy()
    }
    for (let i = 0; i < tokens.length; i++) {
      if (reply.dropAfter !== undefined && i >= reply.dropAfter) return drop()
      if (reply.hangAfter !== undefined && i >= reply.hangAfter) {
        await new Promise<void>((r) => res.on('close', () => r()))
        return
      }
      if (reply.delayMs) await sleep(reply.delayMs)
      if (closed) return
      const line = {
        model: body.model,
        created_at: CREATED_AT,
        message: { role: 'assistant', content: tokens[i] },
        done: false,
      }
      await new Promise<void>((r) => res.write(JSON.stringify(line) + '\n', () => r()))
    }
    if (reply.dropAfter !== undefined && reply.dropAfter >= tokens.length) return drop()
    if (reply.hangAfter !== undefined) {
      await new Promise<void>((r) => res.on('close', () => r()))
      return
    }
    if (reply.streamError) {
      res.end(JSON.stringify({ error: reply.streamError }) + '\n')
      return
    }
    if (reply.omitDone) {
      res.end()
      return
    }
    res.end(JSON.stringify(final) + '\n')
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const body = req.method === 'POST' ? await readBody(req) : null
    const rec: RecordedRequest = { method: req.method ?? 'GET', path, body, clientClosedEarly: false }
    requests.push(rec)

    if (path === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' })
      res.end('Ollama is running')
      return
    }
    if (path === '/api/version' && req.method === 'GET') {
      if (script.fail?.version) return sendJson(res, script.fail.version, { error: 'internal error' })
      return sendJson(res, 200, { version: script.version ?? '0.12.3' })
    }
    if (path === '/api/tags' && req.method === 'GET') {
      if (script.fail?.tags) return sendJson(res, script.fail.tags, { error: 'internal error' })
      return sendJson(res, 200, {
        models: models().map((m) => ({
          name: m.name,
          model: m.name,
          modified_at: CREATED_AT,
          size: 2_019_393_189,
          digest: 'a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72',
          details: {
            parent_model: '',
            format: 'gguf',
            family: m.family ?? m.architecture ?? 'llama',
            families: [m.family ?? m.architecture ?? 'llama'],
            parameter_size: '3.2B',
            quantization_level: 'Q4_K_M',
          },
        })),
      })
    }
    if (path === '/api/show' && req.method === 'POST') {
      if (script.fail?.show) return sendJson(res, script.fail.show, { error: 'internal error' })
      const b = body as { model?: string; name?: string } | null
      const model = findModel(b?.model ?? b?.name)
      if (!model) return sendJson(res, 404, { error: `model '${b?.model ?? b?.name}' not found` })
      const arch = model.architecture ?? 'llama'
      return sendJson(res, 200, {
        license: '',
        modelfile: `FROM ${model.name}`,
        parameters: 'stop "<|eot_id|>"',
        template: '{{ .Prompt }}',
        details: {
          parent_model: '',
          format: 'gguf',
          family: arch,
          families: [arch],
          parameter_size: '3.2B',
          quantization_level: 'Q4_K_M',
        },
        model_info: {
          'general.architecture': arch,
          'general.parameter_count': 3212749888,
          [`${arch}.context_length`]: model.contextLength,
          [`${arch}.embedding_length`]: 3072,
        },
        capabilities: ['completion', 'tools'],
        modified_at: CREATED_AT,
      })
    }
    if (path === '/api/chat' && req.method === 'POST') return handleChat(req, res, rec)
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
    res.end('404 page not found')
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: String(err) })
      else res.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve())
  })
  const { port, address } = server.address() as AddressInfo

  return {
    url: `http://${address}:${port}`,
    port,
    requests,
    get chats() {
      return requests.filter((r) => r.path === '/api/chat') as (RecordedRequest & { body: ChatRequestBody })[]
    },
    setScript(next: FakeOllamaScript) {
      script = next
      chatIndex = 0
    },
    close() {
      return new Promise<void>((resolve) => {
        // Hung streams would keep close() waiting forever.
        server.closeAllConnections()
        server.close(() => resolve())
      })
    },
  }
}

/** The address of an Ollama that is not running: a fake's port, closed again. */
export async function deadOllamaUrl(): Promise<string> {
  const other = await startFakeOllama()
  await other.close()
  return other.url
}
