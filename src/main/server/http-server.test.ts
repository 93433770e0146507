import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type {
  EventName,
  Result,
  RouteInput,
  RouteName,
  RouteOutput,
  SseMessage,
} from '@shared/ipc-contract.js'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import { STAGING_FOLDER } from '../services/upload-staging.js'
import { startServer, type RunningServer } from './http-server.js'
import { MAX_JSON_BYTES } from './read-body.js'

/** Small, so the limit test sends little; the test PDFs are a few KiB. */
const UPLOAD_LIMIT = 256 * 1024

let tmp: string
let server: RunningServer
let base: string

beforeEach(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-server-'))
  const rendererDir = path.join(tmp, 'renderer')
  await fs.mkdir(path.join(rendererDir, 'assets'), { recursive: true })
  await fs.writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Quire</title>')
  await fs.writeFile(path.join(rendererDir, 'assets', 'app.js'), 'console.log(1)')
  await fs.writeFile(path.join(tmp, 'secret.txt'), 'not for the browser')
  server = await startServer({
    libraryDir: path.join(tmp, 'library'),
    dataDir: path.join(tmp, 'data'),
    rendererDir,
    modelDir: TEST_MODEL_DIR,
    ollamaHost: 'http://127.0.0.1:9',
    maxUploadBytes: UPLOAD_LIMIT,
  })
  base = new URL(server.url).origin
})

afterEach(async () => {
  await server.close()
  await fs.rm(tmp, { recursive: true, force: true })
})

function invoke(route: string, input: unknown, token: string | null = server.token) {
  return fetch(`${base}/api/invoke/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { 'x-quire-token': token }) },
    body: JSON.stringify(input),
  })
}

/** Streams one file's bytes to /api/upload and returns the upload id. */
async function upload(bytes: Uint8Array): Promise<string> {
  const res = await fetch(`${base}/api/upload`, {
    method: 'POST',
    headers: { 'x-quire-token': server.token, 'content-type': 'application/octet-stream' },
    body: bytes,
  })
  const body = (await res.json()) as Result<{ uploadId: string }>
  if (!body.ok) throw new Error(`upload failed: ${body.error.code} ${body.error.message}`)
  return body.data.uploadId
}

/**
 * Sends `chunks` chunks of `chunkSize` bytes without ever ending the request (and without a
 * Content-Length), and resolves with the status once the server answers. A server that waits for
 * the whole body before judging its size never answers: the test then times out.
 */
async function statusOfEndlessBody(pathname: string, chunkSize: number, chunks: number): Promise<number> {
  const http = await import('node:http')
  return new Promise<number>((resolve) => {
    const req = http.request(
      `${base}${pathname}`,
      {
        method: 'POST',
        headers: { 'x-quire-token': server.token, 'transfer-encoding': 'chunked' },
      },
      (res) => {
        resolve(res.statusCode ?? 0)
        res.resume()
        req.destroy()
      },
    )
    // The server closes the connection after its 413; writes still in flight then fail.
    req.on('error', () => undefined)
    const chunk = Buffer.alloc(chunkSize, 0x20)
    for (let i = 0; i < chunks; i++) req.write(chunk)
  })
}

/** Invokes a route that must succeed and returns its data. */
async function data<R extends RouteName>(route: R, input: RouteInput<R>): Promise<RouteOutput<R>> {
  const res = (await (await invoke(route, input)).json()) as Result<RouteOutput<R>>
  if (!res.ok) throw new Error(`${route} failed: ${res.error.code} ${res.error.message}`)
  return res.data
}

/** Reads server-sent events until `until` returns true for one of them. */
async function collectEvents(res: Response, until: (m: SseMessage) => boolean): Promise<SseMessage[]> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  const seen: SseMessage[] = []
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return seen
    buffer += value
    let end: number
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const data = frame
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n')
      if (!data) continue
      const message = JSON.parse(data) as SseMessage
      seen.push(message)
      if (until(message)) {
        await reader.cancel()
        return seen
      }
    }
  }
}

describe('browser-mode server', () => {
  it('binds to loopback and prints a URL carrying the token', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{20,}$/)
  })

  it('refuses requests without the token (401) or with a wrong one (403)', async () => {
    expect((await invoke('library.documents', {}, null)).status).toBe(401)
    expect((await invoke('library.documents', {}, 'wrong')).status).toBe(403)
    expect((await fetch(`${base}/api/events`)).status).toBe(401)
    expect((await fetch(`${base}/api/events?token=nope`)).status).toBe(403)
    expect((await fetch(`${base}/api/pdf/1`)).status).toBe(401)
    expect((await fetch(`${base}/`)).status).toBe(401)
    // The built UI's scripts are the app's public code: they load without the token.
    expect((await fetch(`${base}/assets/app.js`)).status).toBe(200)
  })

  it('does not accept the token from the query or a cookie for invoke (header only)', async () => {
    const res = await fetch(`${base}/api/invoke/library.documents?token=${server.token}`, {
      method: 'POST',
      headers: { cookie: `quire_token=${server.token}` },
      body: '{}',
    })
    expect(res.status).toBe(401)
  })

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    const http = await import('node:http')
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${base}/api/invoke/library.documents`,
        { method: 'POST', headers: { host: 'evil.example', 'x-quire-token': server.token } },
        (res) => resolve(res.statusCode ?? 0),
      )
      req.on('error', reject)
      req.end('{}')
    })
    expect(status).toBe(403)
  })

  it('serves the page with a strict CSP and never puts the token in a cookie', async () => {
    const page = await fetch(server.url)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    // Cookies are not isolated by port: another local web app would receive a token cookie.
    expect(page.headers.get('set-cookie')).toBeNull()
    const asset = await fetch(`${base}/assets/app.js`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toContain('javascript')
    expect(asset.headers.get('set-cookie')).toBeNull()
    // A cookie is never accepted in place of the token, on any route.
    const cookie = { cookie: `quire_token=${server.token}` }
    expect((await fetch(`${base}/`, { headers: cookie })).status).toBe(401)
    expect((await fetch(`${base}/api/events`, { headers: cookie })).status).toBe(401)
    expect((await fetch(`${base}/api/pdf/1`, { headers: cookie })).status).toBe(401)
    // Client-side routes fall back to the page; files outside the renderer folder never leave.
    expect((await fetch(`${base}/some/route?token=${server.token}`)).status).toBe(200)
    const escape = await fetch(`${base}/..%2fsecret.txt?token=${server.token}`)
    expect(escape.status).toBe(404)
  })

  it('rejects an oversize JSON body at the first chunk past the limit, without reading the rest', async () => {
    // 4 MiB against a 1 MiB limit, and the request never ends: only an early answer gets through.
    expect(await statusOfEndlessBody('/api/invoke/app.info', 64 * 1024, 64)).toBe(413)
    const declared = await fetch(`${base}/api/invoke/app.info`, {
      method: 'POST',
      headers: { 'x-quire-token': server.token },
      body: ' '.repeat(MAX_JSON_BYTES + 1),
    })
    expect(declared.status).toBe(413)
    expect(await declared.json()).toMatchObject({ ok: false, error: { code: 'TOO_LARGE' } })
  })

  it('streams an upload to disk, refuses one past the per-file limit and keeps no partial copy', async () => {
    const staging = path.join(tmp, 'library', STAGING_FOLDER)
    expect(await statusOfEndlessBody('/api/upload', 64 * 1024, 2 * (UPLOAD_LIMIT / (64 * 1024)))).toBe(413)
    expect(await fs.readdir(staging).catch(() => [])).toEqual([])
    const noToken = await fetch(`${base}/api/upload`, { method: 'POST', body: 'x' })
    expect(noToken.status).toBe(401)
    // A staged upload can be claimed once, by its id only; the file moves into imported/.
    const id = await upload(new TextEncoder().encode('%PDF-1.4 not much'))
    expect(await fs.readdir(staging)).toEqual([`${id}.part`])
    expect(
      await (await invoke('library.upload', { files: [{ name: 'x.pdf', uploadId: '../../x' }] })).json(),
    ).toMatchObject({
      ok: false,
      error: { code: 'UPLOAD_NOT_FOUND' },
    })
  })

  it('answers invoke with the contract result shape', async () => {
    const info = await (await invoke('app.info', {})).json()
    expect(info).toMatchObject({
      ok: true,
      data: { shell: 'browser', firstRun: true, libraryDir: path.join(tmp, 'library') },
    })
    expect(await (await invoke('library.documents', {})).json()).toEqual({ ok: true, data: [] })
    expect(await (await invoke('nope.nothing', {})).json()).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_ROUTE' },
    })
    expect(await (await invoke('library.remove', { documentId: 'x' })).json()).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' },
    })
    expect(await (await invoke('library.pickFiles', {})).json()).toMatchObject({
      ok: false,
      error: { code: 'NOT_AVAILABLE' },
    })
    const bad = await fetch(`${base}/api/invoke/app.info`, {
      method: 'POST',
      headers: { 'x-quire-token': server.token },
      body: '{not json',
    })
    expect(bad.status).toBe(400)
  })

  it(
    'never serves a file whose import failed, nor a PDF changed since its import',
    { timeout: 150_000 },
    async () => {
      // The attack: import a path Quire does not read (think /etc/passwd), then ask the PDF route for its id.
      const secret = path.join(tmp, 'passwd')
      await fs.writeFile(secret, 'not for the browser')
      const events = await fetch(`${base}/api/events?token=${server.token}`)
      let done = collectEvents(events, (m) => m.event === 'library.importDone')
      await data('library.import', { paths: [secret] })
      await done
      const [failed] = await data('library.documents', {})
      expect(failed).toMatchObject({ status: 'failed', path: secret })
      const refused = await fetch(`${base}/api/pdf/${failed!.id}?token=${server.token}`)
      expect(refused.status).toBe(404)
      const refusedBody = await refused.text()
      expect(refusedBody).not.toContain('not for the browser')
      expect(JSON.parse(refusedBody)).toMatchObject({ error: { code: 'DOCUMENT_NOT_IMPORTED' } })

      // A document without pages (a text file) is imported, but its file is never served: the
      // app shows such documents from their stored text.
      const notes = path.join(tmp, 'notes.txt')
      await fs.writeFile(notes, 'Field notes on hydrology, not for the file route.')
      const third = await fetch(`${base}/api/events?token=${server.token}`)
      done = collectEvents(third, (m) => m.event === 'library.importDone')
      await data('library.import', { paths: [notes] })
      await done
      const text = (await data('library.documents', {})).find((d) => d.path === notes)!
      expect(text).toMatchObject({ status: 'indexed', format: 'text' })
      const unpaged = await fetch(`${base}/api/pdf/${text.id}?token=${server.token}`)
      expect(unpaged.status).toBe(404)
      expect(await unpaged.text()).not.toContain('not for the file route')

      // A real PDF is served until its file is replaced by other bytes of the same size.
      const pdfPath = path.join(tmp, 'report.pdf')
      const bytes = await makeTextPdf(sampleTextSpec('hydrology', 1))
      await fs.writeFile(pdfPath, bytes)
      const again = await fetch(`${base}/api/events?token=${server.token}`)
      done = collectEvents(again, (m) => m.event === 'library.importDone')
      await data('library.import', { paths: [pdfPath] })
      await done
      const doc = (await data('library.documents', {})).find((d) => d.path === pdfPath)!
      expect(doc.status).toBe('indexed')
      expect((await fetch(`${base}/api/pdf/${doc.id}?token=${server.token}`)).status).toBe(200)
      const swapped = Buffer.from(bytes)
      swapped.write('not for the browser', swapped.length - 40)
      await fs.writeFile(pdfPath, swapped)
      const stale = await fetch(`${base}/api/pdf/${doc.id}?token=${server.token}`)
      expect(stale.status).toBe(404)
      expect(await stale.json()).toMatchObject({ error: { code: 'FILE_CHANGED' } })
      await fs.writeFile(pdfPath, 'short')
      expect((await fetch(`${base}/api/pdf/${doc.id}?token=${server.token}`)).status).toBe(404)
    },
  )

  // The import runs in a real worker thread that loads the engine from sources through tsx: slow under load.
  it('streams import progress over SSE, then serves only library PDFs', { timeout: 150_000 }, async () => {
    const bytes = await makeTextPdf(sampleTextSpec('hydrology', 2))
    const events = await fetch(`${base}/api/events?token=${server.token}`)
    expect(events.headers.get('content-type')).toContain('text/event-stream')
    const done = collectEvents(events, (m) => m.event === 'library.importDone')
    const started = await data('library.upload', {
      files: [{ name: 'hydrology.pdf', uploadId: await upload(bytes) }],
    })
    const seen = await done
    const names = new Set<EventName>(seen.map((m) => m.event))
    expect(names.has('library.progress')).toBe(true)
    const progress = seen.filter((m): m is SseMessage<'library.progress'> => m.event === 'library.progress')
    expect(progress.every((m) => m.payload.jobId === started.jobId)).toBe(true)
    const final = seen.at(-1) as SseMessage<'library.importDone'>
    expect(final.payload.report.documents).toMatchObject([{ status: 'indexed', pages: 2 }])

    const docs = await data('library.documents', {})
    expect(docs).toHaveLength(1)
    const doc = docs[0]!
    expect(doc.path).toBe(path.join(tmp, 'library', 'imported', 'hydrology.pdf'))
    const status = await data('library.status', {})
    expect(status).toMatchObject({ documents: 1, embedding: { mode: 'hybrid' } })
    const search = await data('search.query', { query: 'hydrology measurements' })
    expect(search.results.length).toBeGreaterThan(0)

    const { url } = await data('library.pdfUrl', { documentId: doc.id })
    expect(url).toBe(`/api/pdf/${doc.id}?token=${encodeURIComponent(server.token)}`)
    const pdf = await fetch(`${base}${url}`)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(await pdf.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true)
    expect((await fetch(`${base}/api/pdf/${doc.id + 1}?token=${server.token}`)).status).toBe(404)
    expect((await fetch(`${base}/api/pdf/..%2f..%2fsecret.txt?token=${server.token}`)).status).toBe(404)
    expect(await (await invoke('library.pdfUrl', { documentId: 999 })).json()).toMatchObject({
      ok: false,
      error: { code: 'DOCUMENT_NOT_FOUND' },
    })
  })
})
