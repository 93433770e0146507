import type { ServerResponse } from 'node:http'
import type { EventName, EventPayloads, SseMessage } from '@shared/ipc-contract.js'

/** Comment lines keep idle connections (and proxies) from timing out. */
const HEARTBEAT_MS = 15_000

/**
 * Server-sent event streams: every open stream receives every event as one `message`. At most
 * `maxStreams` are open at once, each for at most `lifetimeMs` (the browser's EventSource then
 * reconnects by itself, after the `retry` delay it was given).
 */
export class SseHub {
  private readonly clients = new Set<ServerResponse>()
  private readonly heartbeat: NodeJS.Timeout

  constructor(
    private readonly maxStreams = Infinity,
    private readonly lifetimeMs = Infinity,
  ) {
    this.heartbeat = setInterval(() => {
      for (const res of this.clients) res.write(': ping\n\n')
    }, HEARTBEAT_MS)
    this.heartbeat.unref()
  }

  /** Opens a stream on `res`; false (nothing written) when `maxStreams` are open already. */
  add(res: ServerResponse): boolean {
    if (this.clients.size >= this.maxStreams) return false
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    })
    res.write('retry: 1000\n: connected\n\n')
    this.clients.add(res)
    const end = Number.isFinite(this.lifetimeMs) ? setTimeout(() => res.end(), this.lifetimeMs) : null
    end?.unref()
    res.on('close', () => {
      if (end) clearTimeout(end)
      this.clients.delete(res)
    })
    return true
  }

  send<E extends EventName>(event: E, payload: EventPayloads[E]): void {
    const message: SseMessage<E> = { event, payload }
    const frame = `data: ${JSON.stringify(message)}\n\n`
    for (const res of this.clients) res.write(frame)
  }

  close(): void {
    clearInterval(this.heartbeat)
    for (const res of this.clients) res.end()
    this.clients.clear()
  }
}
