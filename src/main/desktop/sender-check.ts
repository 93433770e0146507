/** The parts of Electron's WebFrameMain the check needs (so tests can pass plain objects). */
export interface FrameLike {
  url: string
  /** The top frame has no parent. */
  parent?: unknown
}

/**
 * True only for messages from the top frame of our own page: its origin must be one we serve the
 * UI from (quire-app://app, or the dev server in development). An iframe, a navigated-away page
 * or a destroyed frame (null) is refused.
 */
export function isTrustedSender(
  frame: FrameLike | null | undefined,
  allowedOrigins: readonly string[],
): boolean {
  if (!frame || frame.parent) return false
  let origin: string
  try {
    const url = new URL(frame.url)
    // Custom schemes report origin "null" in WHATWG URL; compare scheme + host instead.
    origin = `${url.protocol}//${url.host}`
  } catch {
    return false
  }
  return allowedOrigins.includes(origin)
}
