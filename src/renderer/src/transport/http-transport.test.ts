import { describe, expect, it, vi } from 'vitest'
import { createHttpTransport, tokenFromLocation } from './http-transport.js'

class FakeEventSource extends EventTarget {
  constructor(readonly url: string) {
    super()
  }
  push(data: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data) }))
  }
}

describe('http transport', () => {
  it('posts to /api/invoke/<route> with the token header and returns the result as data', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ ok: true, data: { jobId: 'j' } })))
    const api = createHttpTransport({ token: 't0k', fetchImpl: fetchImpl as unknown as typeof fetch })
    const res = await api.invoke('library.import', { paths: ['/a.pdf'] })
    expect(res).toEqual({ ok: true, data: { jobId: 'j' } })
    expect(fetchImpl).toHaveBeenCalledWith('/api/invoke/library.import', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-quire-token': 't0k' },
      body: JSON.stringify({ paths: ['/a.pdf'] }),
    })
  })

  it('streams an upload as the raw request body to /api/upload with the token header', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ ok: true, data: { uploadId: 'u' } })))
    const api = createHttpTransport({ token: 't0k', fetchImpl: fetchImpl as unknown as typeof fetch })
    const file = new Blob([new Uint8Array([37, 80, 68, 70])])
    expect(await api.upload!(file)).toEqual({ ok: true, data: { uploadId: 'u' } })
    expect(fetchImpl).toHaveBeenCalledWith('/api/upload', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-quire-token': 't0k' },
      body: file,
    })
  })

  it('turns network failures and non-JSON replies into error results', async () => {
    const down = createHttpTransport({
      token: 't',
      fetchImpl: (async () => Promise.reject(new Error('refused'))) as typeof fetch,
    })
    expect(await down.invoke('app.info', {})).toMatchObject({ ok: false, error: { code: 'NETWORK' } })
    const html = createHttpTransport({
      token: 't',
      fetchImpl: (async () => new Response('<html>', { status: 502 })) as typeof fetch,
    })
    expect(await html.invoke('app.info', {})).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE' } })
  })

  it('dispatches server-sent { event, payload } messages to listeners until unsubscribed', () => {
    let source!: FakeEventSource
    const api = createHttpTransport({
      token: 'a b',
      eventSourceFactory: (url) => (source = new FakeEventSource(url)) as unknown as EventSource,
    })
    const got: unknown[] = []
    const off = api.on('library.changed', (p) => got.push(p))
    expect(source.url).toBe('/api/events?token=a%20b')
    source.push({ event: 'library.changed', payload: {} })
    source.push({ event: 'chat.event', payload: { requestId: 'x' } })
    off()
    source.push({ event: 'library.changed', payload: {} })
    expect(got).toEqual([{}])
  })

  it('reads the token from the page URL', () => {
    expect(tokenFromLocation('?token=abc&x=1')).toBe('abc')
    expect(tokenFromLocation('')).toBe('')
  })
})
