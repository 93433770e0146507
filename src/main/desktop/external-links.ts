import { isAllowedNavigation } from './request-policy.js'

/**
 * Web pages the app itself points to: these open in the system browser on a click. Keep in step
 * with the links the UI shows (e.g. where to get Ollama).
 */
export const APP_LINKS: readonly string[] = ['https://ollama.com/download']

export type ExternalLinkDecision = 'open' | 'confirm' | 'deny'

/**
 * What the main process does with a window.open from the page. Only the app's own links open
 * directly; any other plain http(s) address (a link in an answer, written by the model) needs the
 * user's yes in a main-process dialog that shows the full address, which a compromised page can
 * neither skip nor draw; every other scheme (file:, javascript:, custom handlers) and addresses
 * with credentials in them are refused.
 */
export function externalLinkDecision(raw: string): ExternalLinkDecision {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'deny'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'deny'
  if (url.username || url.password) return 'deny'
  return APP_LINKS.includes(url.href) ? 'open' : 'confirm'
}

export interface WindowOpenDeps {
  openExternal(url: string): void
  /** Resolves true when the user agreed to open this address outside Quire. */
  confirmOpen(url: string): Promise<boolean>
}

/** The window-open handler: never a new Electron window; links go to the browser as decided above. */
export function windowOpenHandler(deps: WindowOpenDeps) {
  return ({ url }: { url: string }): { action: 'deny' } => {
    const decision = externalLinkDecision(url)
    if (decision === 'open') deps.openExternal(url)
    if (decision === 'confirm') {
      void deps.confirmOpen(url).then((yes) => {
        if (yes) deps.openExternal(url)
      })
    }
    return { action: 'deny' }
  }
}

/** Navigation and server redirects may only stay within our own page. */
export const GUARDED_NAVIGATION_EVENTS = ['will-navigate', 'will-redirect', 'will-frame-navigate'] as const

export function navigationGuard(allowedOrigins: readonly string[]) {
  return (event: { preventDefault(): void }, url: string): void => {
    if (!isAllowedNavigation(url, allowedOrigins)) event.preventDefault()
  }
}
