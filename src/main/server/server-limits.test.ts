import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Result } from '@shared/ipc-contract.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import { startServer, type RunningServer, type StartServerOptions } from './http-server.js'

const running: { server: RunningServer; tmp: string }[] = []

afterEach(async () => {
  for (const { server, tmp } of running.splice(0)) {
    await server.close()
    await fs.rm(tmp, { recursive: true, force: true })
  }
})

async function start(extra: Partial<StartServerOptions>): Promise<{ server: RunningServer; base: string }> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-limits-'))
  const rendererDir = path.join(tmp, 'renderer')
  await fs.mkdir(rendererDir, { recursive: true })
  await fs.writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Quire</title>')
  const server = await startServer({
    libraryDir: path.join(tmp, 'library'),
    dataDir: path.join(tmp, 'data'),
    rendererDir,
    modelDir: TEST_MODEL_DIR,
    ollamaHost: 'http://127.0.0.1:9',
    ...extra,
  })
  running.push({ server, tmp })
  return { server, base: new URL(server.url).origin }
}

/** Resolves when `socket` is closed; rejects when it is still open after `ms` (a generous bound). */
function closedWithin(socket: net.Socket, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket is still open')), ms)
    socket.on('close', () => {
      clearTimeout(timer)
      resolve()
    })
    socket.on('error', () => undefined)
    socket.resume() // read what the server sends, so its closing is seen
  })
}

describe('browser mode holds a bounded amount for any client', () => {
  it('200 unfinished requests, sent without a token, are closed by the header timeout; the app still answers', async () => {
    const { server, base } = await start({ limits: { headersTimeoutMs: 1000, timeoutCheckMs: 250 } })
    const { port } = new URL(base)
    const sockets = await Promise.all(
      Array.from(
        { length: 200 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect(Number(port), '127.0.0.1', () => resolve(s))
            s.on('error', () => undefined)
          }),
      ),
    )
    // Headers begun and never finished: no blank line ever comes.
    for (const s of sockets) s.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
    // With Node's defaults (60 s, checked every 30 s) they would all still be open at 20 s.
    await Promise.all(sockets.map((s) => closedWithin(s, 20_000)))
    const res = await fetch(`${base}/api/invoke/app.info`, {
      method: 'POST',
      headers: { 'x-quire-token': server.token, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(200)
  })

  it('connections beyond the cap are closed at once', async () => {
    const { base } = await start({ limits: { maxConnections: 5 } })
    const { port } = new URL(base)
    const sockets = Array.from({ length: 8 }, () => {
      const s = net.connect(Number(port), '127.0.0.1')
      s.on('error', () => undefined)
      return s
    })
    const closed = await Promise.all(
      sockets.map((s) =>
        closedWithin(s, 3000).then(
          () => true,
          () => false,
        ),
      ),
    )
    expect(closed.filter(Boolean)).toHaveLength(3)
    for (const s of sockets) s.destroy()
  })

  it('event streams are bounded in number (TOO_MANY_STREAMS) and in lifetime', async () => {
    const { server, base } = await start({ limits: { maxEventStreams: 2, eventStreamLifetimeMs: 500 } })
    const url = `${base}/api/events?token=${server.token}`
    const first = await fetch(url)
    const second = await fetch(url)
    expect([first.status, second.status]).toEqual([200, 200])
    const third = await fetch(url)
    expect(third.status).toBe(429)
    expect(await third.json()).toMatchObject({
      ok: false,
      error: { code: 'TOO_MANY_STREAMS', message: expect.stringMatching(/Close the Quire tabs/) },
    })
    // Each stream ends after its lifetime (the browser reconnects after the retry delay it was given).
    const text = await first.text()
    expect(text).toMatch(/^retry: 1000\n/)
    await second.text()
    expect((await fetch(url)).status).toBe(200)
  })

  it('uploads waiting to be imported are bounded in count (UPLOADS_TOO_MANY) and in bytes (UPLOADS_TOO_LARGE)', async () => {
    const { server, base } = await start({ stagedUploads: { maxFiles: 2, maxTotalBytes: 100 * 1024 } })
    const send = async (bytes: number) => {
      const res = await fetch(`${base}/api/upload`, {
        method: 'POST',
        headers: { 'x-quire-token': server.token, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(bytes),
      })
      return { status: res.status, body: (await res.json()) as Result<{ uploadId: string }> }
    }
    expect((await send(60 * 1024)).body.ok).toBe(true)
    const tooLarge = await send(60 * 1024)
    expect(tooLarge).toMatchObject({ status: 413, body: { ok: false, error: { code: 'UPLOADS_TOO_LARGE' } } })
    expect((await send(1024)).body.ok).toBe(true)
    const tooMany = await send(1024)
    expect(tooMany).toMatchObject({ status: 429, body: { ok: false, error: { code: 'UPLOADS_TOO_MANY' } } })
    // Nothing of the refused uploads stays on disk.
    const staged = await fs.readdir(path.join(server.services.library.dir, '.uploads')).catch(() => [])
    expect(staged.length).toBeLessThanOrEqual(2)
  })
})
