/**
 * Which URLs the renderer may load at all. The app makes no network connections except to the
 * configured Ollama host, and that connection is made from the main process, not the page, so the
 * page may reach only our own schemes (and the dev server in development).
 */
export function isAllowedRequest(raw: string, allowedOrigins: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  if (url.protocol === 'quire-app:' || url.protocol === 'quire-pdf:') return true
  // data:/blob: URLs are made by the page itself (pdf.js images, fonts): they do not leave the machine.
  if (url.protocol === 'data:' || url.protocol === 'blob:' || url.protocol === 'devtools:') return true
  const origin = `${url.protocol}//${url.host}`
  return (
    allowedOrigins.includes(origin) ||
    (url.protocol === 'ws:' && allowedOrigins.includes(`http://${url.host}`))
  )
}

/** In-page navigation is allowed only within our own page; everything else is refused. */
export function isAllowedNavigation(raw: string, allowedOrigins: readonly string[]): boolean {
  try {
    const url = new URL(raw)
    return allowedOrigins.includes(`${url.protocol}//${url.host}`)
  } catch {
    return false
  }
}
