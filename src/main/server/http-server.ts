import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { errorCodeOf, errorMessageOf } from '@shared/errors.js'
import { CONTENT_SECURITY_POLICY } from '../services/content-security-policy.js'
import { createHandlers } from '../ipc/create-handlers.js'
import { createRouter } from '../ipc/router.js'
import { DEFAULT_MODEL_NAME } from '../services/model-locations.js'
import { packageRoot } from '../services/package-root.js'
import { createAppServices, type AppServices } from '../services/create-app-services.js'
import { browserShell } from './browser-shell.js'
import { readJsonBody, streamBody } from './read-body.js'
import { SERVER_LIMITS, type ServerLimits } from './server-limits.js'
import { SseHub } from './sse-hub.js'
import { contentType, resolveStaticFile } from '../services/static-files.js'
import { checkToken, hostAllowed } from './token-check.js'

export interface StartServerOptions {
  libraryDir: string
  dataDir: string
  /** 0 or absent: any free port. */
  port?: number
  /** The built renderer (out/renderer). */
  rendererDir: string
  /** The bundled embedding model folder; default resources/models/all-MiniLM-L6-v2. */
  modelDir?: string
  ollamaHost?: string
  /** The ingest worker script (the bundled one when running from the build). */
  workerUrl?: URL | string
  /** The bundled PDF extraction worker (desktop build); the source entry otherwise. */
  parseWorkerUrl?: string
  /** Per-file upload limit; default MAX_UPLOAD_FILE_BYTES (tests lower it). */
  maxUploadBytes?: number
  /** Uploads waiting at once and their bytes together; default MAX_STAGED_UPLOADS, MAX_STAGED_BYTES. */
  stagedUploads?: { maxFiles?: number; maxTotalBytes?: number }
  /** Timeouts and caps on connections and event streams; default SERVER_LIMITS (tests lower them). */
  limits?: Partial<ServerLimits>
}

export interface RunningServer {
  url: string
  token: string
  services: AppServices
  close(): Promise<void>
}

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}

function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { ok: false, error: { code, message } })
}

/**
 * A body that failed part-way (too large, cut off) was not read to its end: answer and close the
 * connection instead of draining the rest of it.
 */
function sendBodyError(res: ServerResponse, err: unknown): void {
  const code = errorCodeOf(err)
  res.setHeader('connection', 'close')
  const status =
    code === 'TOO_LARGE' || code === 'UPLOADS_TOO_LARGE' ? 413 : code === 'UPLOADS_TOO_MANY' ? 429 : 400
  sendError(res, status, code, errorMessageOf(err))
}

async function readVersion(): Promise<string> {
  try {
    const pkg = JSON.parse(await fs.readFile(path.join(packageRoot(), 'package.json'), 'utf8')) as {
      version?: string
    }
    return pkg.version ?? '0.0.0'
  } catch {
    return '0.0.0'
  }
}

/**
 * Browser mode: the same UI and the same contract over HTTP on 127.0.0.1 only, for machines
 * without an Electron binary. Every request must carry the per-run token.
 */
export async function startServer(opts: StartServerOptions): Promise<RunningServer> {
  const token = randomBytes(24).toString('base64url')
  const services = await createAppServices({
    libraryDir: opts.libraryDir,
    dataDir: opts.dataDir,
    models: {
      bundledDir: opts.modelDir ?? path.join(packageRoot(), 'resources', 'models', DEFAULT_MODEL_NAME),
      userRoot: path.join(opts.dataDir, 'models'),
    },
    ollamaHost: opts.ollamaHost,
    workerUrl: opts.workerUrl,
    parseWorkerUrl: opts.parseWorkerUrl,
    version: await readVersion(),
    maxUploadBytes: opts.maxUploadBytes,
    stagedUploads: opts.stagedUploads,
  })
  const limits = { ...SERVER_LIMITS, ...opts.limits }
  const invoke = createRouter(createHandlers(services, browserShell(token)))
  const sse = new SseHub(limits.maxEventStreams, limits.eventStreamLifetimeMs)
  const unsubscribe = services.events.subscribe((event, payload) => sse.send(event, payload))
  let port = 0

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v)
    if (!hostAllowed(req, port)) return sendError(res, 403, 'FORBIDDEN', 'Unexpected Host header.')
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`)
    const p = url.pathname

    if (p.startsWith('/api/invoke/')) {
      if (req.method !== 'POST') return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'Use POST.')
      const denied = checkToken(req, url, token, ['header'])
      if (denied) return sendError(res, denied, 'UNAUTHORIZED', 'Missing or wrong token.')
      let body: unknown
      try {
        body = await readJsonBody(req)
      } catch (err) {
        return sendBodyError(res, err)
      }
      let route: string
      try {
        route = decodeURIComponent(p.slice('/api/invoke/'.length))
      } catch {
        return sendError(res, 400, 'UNKNOWN_ROUTE', 'Malformed route.')
      }
      return sendJson(res, 200, await invoke(route, body))
    }

    if (p === '/api/upload') {
      // One file's raw bytes per request, streamed to disk under a per-file limit; never buffered.
      if (req.method !== 'POST') return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'Use POST.')
      const denied = checkToken(req, url, token, ['header'])
      if (denied) return sendError(res, denied, 'UNAUTHORIZED', 'Missing or wrong token.')
      const uploads = services.uploads
      try {
        const uploadId = await uploads.receive((write) => streamBody(req, uploads.maxFileBytes, write))
        return sendJson(res, 200, { ok: true, data: { uploadId } })
      } catch (err) {
        return sendBodyError(res, err)
      }
    }

    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'Use GET.')

    if (p === '/api/events') {
      const denied = checkToken(req, url, token, ['header', 'query'])
      if (denied) return sendError(res, denied, 'UNAUTHORIZED', 'Missing or wrong token.')
      if (!sse.add(res))
        sendError(
          res,
          429,
          'TOO_MANY_STREAMS',
          `${limits.maxEventStreams} Quire pages are open already. Close the Quire tabs you no longer use, then reload this one.`,
        )
      return
    }

    const pdf = /^\/api\/pdf\/(\d+)$/.exec(p)
    if (p.startsWith('/api/')) {
      const denied = checkToken(req, url, token, ['header', 'query'])
      if (denied) return sendError(res, denied, 'UNAUTHORIZED', 'Missing or wrong token.')
      if (!pdf) return sendError(res, 404, 'NOT_FOUND', 'No such endpoint.')
      try {
        const bytes = await services.library.pdfBytes(Number(pdf[1]))
        res.writeHead(200, {
          'content-type': 'application/pdf',
          'content-length': bytes.length,
          'cache-control': 'no-store',
        })
        return void res.end(req.method === 'HEAD' ? undefined : bytes)
      } catch (err) {
        return sendError(res, 404, errorCodeOf(err), errorMessageOf(err))
      }
    }

    // No cookie ever carries the token: cookies are not isolated by port, so any other service on
    // 127.0.0.1 would receive it. The built UI's scripts and styles are the app's public code and
    // load without it; the page needs ?token=… (its script reads it from there and sends it as a
    // header, or in the query for EventSource and the PDF viewer, which cannot set headers).
    // Unknown paths get index.html: the UI routes on the client side.
    const file =
      (await resolveStaticFile(opts.rendererDir, p)) ??
      (path.extname(p) ? null : await resolveStaticFile(opts.rendererDir, '/'))
    if (!file) return sendError(res, 404, 'NOT_FOUND', 'Not found.')
    if (file.endsWith('.html')) {
      const denied = checkToken(req, url, token, ['query'])
      if (denied) {
        res.writeHead(denied, { 'content-type': 'text/plain; charset=utf-8' })
        return void res.end(
          'Quire: open the address printed in the terminal (it carries the access token).\n',
        )
      }
    }
    res.writeHead(200, {
      'content-type': contentType(file),
      'cache-control': file.endsWith('.html') ? 'no-store' : 'no-cache',
    })
    res.end(req.method === 'HEAD' ? undefined : await fs.readFile(file))
  }

  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckMs,
    },
    (req, res) => {
      handle(req, res).catch((err: unknown) => {
        console.error('[server] request failed', err)
        if (!res.headersSent) sendError(res, 500, 'INTERNAL', 'The request failed.')
        else res.end()
      })
    },
  )
  server.maxConnections = limits.maxConnections
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    // Loopback only: the UI and the library are never reachable from the network.
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve())
  })
  port = (server.address() as AddressInfo).port

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    token,
    services,
    async close() {
      unsubscribe()
      sse.close()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      await services.close()
    },
  }
}
