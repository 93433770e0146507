// Browser-mode transport: the same API object as the preload, over HTTP (invoke) and SSE (events).
// The per-run token comes from the page URL; the server refuses requests without it.
import type { EventMap, EventName, QuireApi, Result, Route, RouteInput, RouteOutput } from './api-types.js'
// From the constants file, not the contract: the renderer bundle should not carry zod.
import { createEventHub } from '@shared/event-hub.js'
import { TOKEN_HEADER } from '@shared/ipc-channels.js'

export interface HttpTransportOptions {
  baseUrl?: string
  token: string
  fetchImpl?: typeof fetch
  /** Injected for tests; the browser's EventSource otherwise. */
  eventSourceFactory?: (url: string) => EventSource
}

export function tokenFromLocation(search: string): string {
  return new URLSearchParams(search).get('token') ?? ''
}

export function createHttpTransport(opts: HttpTransportOptions): QuireApi {
  const base = opts.baseUrl ?? ''
  const doFetch = opts.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  const events = createEventHub()
  const attached = new Set<string>()
  let source: EventSource | null = null

  function dispatch(event: string, payload: unknown): void {
    events.emit(event, payload)
  }

  function ensureSource(): EventSource {
    if (source) return source
    const factory = opts.eventSourceFactory ?? ((url: string) => new EventSource(url))
    source = factory(`${base}/api/events?token=${encodeURIComponent(opts.token)}`)
    // Unnamed messages carry their event name inside: { event, payload } (or { event, data }).
    source.addEventListener('message', (e) => {
      const msg = parse((e as MessageEvent<string>).data) as {
        event?: string
        payload?: unknown
        data?: unknown
      }
      if (msg && typeof msg.event === 'string') dispatch(msg.event, msg.payload ?? msg.data)
    })
    return source
  }

  function attachNamed(event: string): void {
    if (attached.has(event)) return
    attached.add(event)
    // Named SSE events (`event: library.progress`) carry the payload as their data.
    ensureSource().addEventListener(event, (e) => dispatch(event, parse((e as MessageEvent<string>).data)))
  }

  /** POSTs with the token header; always resolves to a contract Result, never throws. */
  async function post<T>(pathname: string, contentType: string, body: BodyInit): Promise<Result<T>> {
    try {
      const res = await doFetch(`${base}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': contentType, [TOKEN_HEADER]: opts.token },
        body,
      })
      const parsed = (await res.json().catch(() => null)) as Result<T> | null
      if (parsed && typeof parsed === 'object' && 'ok' in parsed) return parsed
      return {
        ok: false,
        error: { code: 'BAD_RESPONSE', message: `The app answered with HTTP ${res.status}.` },
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      return { ok: false, error: { code: 'NETWORK', message: `Could not reach Quire: ${message}` } }
    }
  }

  return {
    shell: 'browser',
    invoke<R extends Route>(route: R, input: RouteInput<R>): Promise<Result<RouteOutput<R>>> {
      return post(`/api/invoke/${route}`, 'application/json', JSON.stringify(input ?? {}))
    },
    // The raw bytes as the body: the browser streams them and the server writes them to disk.
    upload: (file: Blob) => post<{ uploadId: string }>('/api/upload', 'application/octet-stream', file),
    on<E extends EventName>(event: E, listener: (payload: EventMap[E]) => void): () => void {
      const off = events.on(event, listener as (payload: unknown) => void)
      attachNamed(event)
      return off
    },
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
