import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { TOKEN_HEADER } from '@shared/ipc-channels.js'

/** Never a cookie: cookies are shared by every port of 127.0.0.1 (RFC 6265 §8.5). */
export type TokenSource = 'header' | 'query'

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * 401 when no token was sent, 403 when a wrong one was, 0 when it matches. Only the sources the
 * route allows are looked at: invoke takes the header only, so a page on another site can never
 * make a browser send a valid request (a header cannot be set cross-origin without CORS).
 */
export function checkToken(
  req: IncomingMessage,
  url: URL,
  expected: string,
  allowed: TokenSource[],
): 0 | 401 | 403 {
  const found: string[] = []
  if (allowed.includes('header')) {
    const h = req.headers[TOKEN_HEADER]
    if (typeof h === 'string') found.push(h)
  }
  if (allowed.includes('query')) {
    const q = url.searchParams.get('token')
    if (q !== null) found.push(q)
  }
  if (found.length === 0) return 401
  return found.some((t) => sameToken(t, expected)) ? 0 : 403
}

/** Guards against DNS rebinding: a page on evil.example resolving to 127.0.0.1 sends its own Host. */
export function hostAllowed(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`
}
