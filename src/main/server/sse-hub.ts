import type { ServerResponse } from 'node:http'
import type { EventName, EventPayloads, SseMessage } from '@shared/ipc-contract.js'

/** Comment lines keep idle connections (and proxies) from timing out. */
const HEARTBEAT_MS = 15_000

/** Server-sent event streams: every open stream receives every event as one `message`. */
export class SseHub {
  private readonly clients = new Set<ServerResponse>()
  private readonly heartbeat: NodeJS.Timeout

  constructor() {
    this.heartbeat = setInterval(() => {
      for (const res of this.clients) res.write(': ping\n\n')
    }, HEARTBEAT_MS)
    this.heartbeat.unref()
  }

  add(res: ServerResponse): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    })
    res.write(': connected\n\n')
    this.clients.add(res)
    res.on('close', () => this.clients.delete(res))
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
