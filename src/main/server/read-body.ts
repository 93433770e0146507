import type { IncomingMessage } from 'node:http'
import { QuireError } from '@shared/errors.js'

/** Uploads arrive as base64 JSON: allow a large batch of PDFs, but not unbounded memory. */
export const MAX_BODY_BYTES = 512 * 1024 * 1024

export async function readJsonBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) throw new QuireError('TOO_LARGE', `The request is larger than ${limit} bytes.`)
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (!text.trim()) return {}
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new QuireError('VALIDATION', 'The request body is not valid JSON.')
  }
}
