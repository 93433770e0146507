// The Ollama address as typed ("127.0.0.1:11434") made into the URL Quire uses
// ("http://127.0.0.1:11434"), or refused with the reason. Settings and the CLI share it, and both
// say when they changed what was typed (ollamaHostNote), so an address is never silently altered.
import { DEFAULT_OLLAMA_HOST } from './chat-types.js'
import { QuireError } from './errors.js'

/** Only http(s) hosts: the Ollama host is the one network destination the app ever talks to. */
export function normalizeOllamaHost(host: string): string {
  const raw = host.trim()
  let url: URL
  try {
    url = new URL(raw.includes('://') ? raw : `http://${raw}`)
  } catch {
    throw new QuireError(
      'INVALID_SETTING',
      `"${raw}" is not a valid Ollama address (for example ${DEFAULT_OLLAMA_HOST}).`,
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new QuireError(
      'INVALID_SETTING',
      `The Ollama address must start with http:// or https:// (got ${url.protocol}).`,
    )
  }
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`
}

/** A sentence saying how a typed address was normalised, or null when it was used as typed. */
export function ollamaHostNote(typed: string, used: string): string | null {
  const raw = typed.trim().replace(/\/+$/, '')
  if (raw === used) return null
  return raw.includes('://')
    ? `Using ${used} (tidied from "${typed.trim()}").`
    : `"${raw}" has no scheme: using ${used}.`
}
