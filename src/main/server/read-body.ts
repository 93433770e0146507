import type { IncomingMessage } from 'node:http'
import { QuireError } from '@shared/errors.js'

/**
 * JSON requests carry questions, settings and ids, never file bytes (uploads stream to disk
 * through /api/upload), so a small limit is enough and keeps a hostile client from making the
 * server buffer hundreds of megabytes.
 */
export const MAX_JSON_BYTES = 1024 * 1024

export function tooLarge(limit: number): QuireError {
  return new QuireError('TOO_LARGE', `The request is larger than ${limit} bytes.`)
}

/**
 * Feeds the body to `write` chunk by chunk, pausing the socket while a write is pending. Fails
 * on the first chunk past `limit` (or at once when Content-Length already says so) without
 * reading further: the caller answers 413 and closes the connection.
 */
export function streamBody(
  req: IncomingMessage,
  limit: number,
  write: (chunk: Buffer) => void | Promise<void>,
): Promise<number> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit))
  return new Promise((resolve, reject) => {
    let size = 0
    let settled = false
    const finish = (err: Error | null): void => {
      if (settled) return
      settled = true
      req.off('data', onData)
      if (err) {
        req.pause()
        reject(err)
      } else resolve(size)
    }
    // The last write may still be pending (or failing) when the request ends: 'end' waits for it.
    let lastWrite: Promise<void> = Promise.resolve()
    const onData = (chunk: Buffer): void => {
      size += chunk.length
      if (size > limit) return finish(tooLarge(limit))
      const pending = write(chunk)
      if (pending) {
        lastWrite = pending
        req.pause()
        pending.then(
          () => {
            if (!settled) req.resume()
          },
          (err: unknown) => finish(err instanceof Error ? err : new Error(String(err))),
        )
      }
    }
    req.on('data', onData)
    req.once(
      'end',
      () =>
        void lastWrite.then(
          () => finish(null),
          () => undefined,
        ),
    )
    req.once('error', (err) => finish(err))
    req.once('close', () => {
      if (!req.complete) finish(new QuireError('UPLOAD_ABORTED', 'The request was cut off before it ended.'))
    })
  })
}

export async function readJsonBody(req: IncomingMessage, limit = MAX_JSON_BYTES): Promise<unknown> {
  const chunks: Buffer[] = []
  await streamBody(req, limit, (chunk) => void chunks.push(chunk))
  const text = Buffer.concat(chunks).toString('utf8')
  if (!text.trim()) return {}
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new QuireError('VALIDATION', 'The request body is not valid JSON.')
  }
}
