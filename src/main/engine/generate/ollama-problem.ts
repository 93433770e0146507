import type { OllamaProblem } from '@shared/chat-types.js'
import { QuireError } from '@shared/errors.js'
import { ollamaRemedy } from '@shared/ollama-remedies.js'

/** The problems Quire can name when Ollama cannot be used, each with a line saying how to fix it. */
export function describeProblem(
  kind: OllamaProblem['kind'],
  ctx: { host: string; model?: string | null; detail?: string; status?: number; installed?: string[] },
): OllamaProblem {
  const { host } = ctx
  const model = ctx.model ?? '(none)'
  const detail = ctx.detail ? `: ${ctx.detail}` : ''
  // The engine words remedies for the CLI; the app rewords them from the same table (problemFix).
  const facts = { model: ctx.model ?? null, installed: ctx.installed ?? [] }
  const fix = ollamaRemedy(kind, facts, 'cli')
  const base = {
    kind,
    fix,
    ...(ctx.model ? { model: ctx.model } : {}),
    ...(ctx.installed ? { installed: ctx.installed } : {}),
  }
  switch (kind) {
    case 'not-running':
      // The socket error code (ECONNREFUSED…) means nothing to a reader; the address does.
      return { ...base, message: `Ollama is not reachable at ${host}.` }
    case 'model-missing':
      return {
        ...base,
        message: ctx.model
          ? `The model "${model}" is not installed in Ollama at ${host}.`
          : `Ollama at ${host} has no chat model installed.`,
      }
    case 'http-error':
      return {
        ...base,
        ...(ctx.status !== undefined ? { status: ctx.status } : {}),
        message: `Ollama at ${host} answered with an error${ctx.status ? ` (HTTP ${ctx.status})` : ''}${detail}.`,
      }
    case 'timeout':
      return { ...base, message: `Ollama at ${host} did not respond in time${detail}.` }
    case 'stream-broken':
      return { ...base, message: `The connection to Ollama at ${host} broke in the middle of the answer.` }
    case 'bad-config':
      return { ...base, message: `"${host}" is not a valid Ollama address${detail}.` }
    case 'bad-response':
      return { ...base, message: `The server at ${host} sent a reply Quire could not understand${detail}.` }
  }
}

/** One line for people: what is wrong and how to fix it. */
export function problemLine(p: OllamaProblem): string {
  return `${p.message} ${p.fix}`
}

/** An Ollama failure carrying a classified problem, so callers never show a stack trace. */
export class OllamaError extends QuireError {
  constructor(readonly problem: OllamaProblem) {
    super(`OLLAMA_${problem.kind.toUpperCase().replace(/-/g, '_')}`, problem.message)
    this.name = 'OllamaError'
  }
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ECONNRESET',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
])

function causeCodes(err: unknown): string[] {
  const codes: string[] = []
  let cur: unknown = err
  for (let depth = 0; cur && depth < 5; depth++) {
    const e = cur as { code?: unknown; errors?: unknown[]; cause?: unknown }
    if (typeof e.code === 'string') codes.push(e.code)
    for (const inner of e.errors ?? []) {
      const code = (inner as { code?: unknown })?.code
      if (typeof code === 'string') codes.push(code)
    }
    cur = e.cause
  }
  return codes
}

/**
 * Names what went wrong talking to Ollama. `midStream` says the response had started, so a
 * dropped connection is a broken stream rather than an unreachable server.
 */
export function classifyOllamaError(
  err: unknown,
  ctx: { host: string; model?: string | null; midStream?: boolean; installed?: string[] },
): OllamaProblem {
  if (err instanceof OllamaError) return err.problem
  const e = err as { name?: string; message?: string; status_code?: number }
  const message = typeof e?.message === 'string' ? e.message : String(err)
  if (e?.name === 'ResponseError' && typeof e.status_code === 'number') {
    if (e.status_code === 404 && /model.*not found|not found.*pull/i.test(message)) {
      return describeProblem('model-missing', { ...ctx })
    }
    if (e.status_code === 404)
      return describeProblem('bad-response', { ...ctx, detail: `HTTP 404 ${message}` })
    return describeProblem('http-error', { ...ctx, status: e.status_code, detail: message })
  }
  if (e?.name === 'TimeoutError') return describeProblem('timeout', ctx)
  const codes = causeCodes(err)
  if (codes.includes('ERR_INVALID_URL') || /invalid url|failed to parse url/i.test(message)) {
    return describeProblem('bad-config', ctx)
  }
  // undici reports a dropped body as TypeError("terminated"); ollama-js as "Did not receive done...".
  const dropped =
    /did not receive done/i.test(message) ||
    codes.includes('UND_ERR_SOCKET') ||
    (err instanceof TypeError && /^(terminated|other side closed)$/i.test(message))
  const unreachable = codes.some((c) => UNREACHABLE_CODES.has(c)) || /fetch failed/i.test(message)
  if (ctx.midStream && (dropped || unreachable)) return describeProblem('stream-broken', ctx)
  if (unreachable) {
    return describeProblem('not-running', { ...ctx, detail: codes.find((c) => UNREACHABLE_CODES.has(c)) })
  }
  if (dropped) return describeProblem('stream-broken', ctx)
  if (err instanceof SyntaxError) return describeProblem('bad-response', { ...ctx, detail: message })
  // An error line inside the stream ({"error": "..."}): Ollama itself reported the failure.
  return describeProblem('http-error', { ...ctx, detail: message })
}
