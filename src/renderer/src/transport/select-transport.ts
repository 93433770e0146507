// Picks the transport at startup: the preload's `window.quire` in Electron, HTTP+SSE otherwise.
import type { QuireApi } from './api-types.js'
import { createHttpTransport, tokenFromLocation } from './http-transport.js'

declare global {
  interface Window {
    quire?: QuireApi
  }
}

export function selectTransport(win: Window = window): QuireApi {
  if (win.quire) return win.quire
  return createHttpTransport({ token: tokenFromLocation(win.location.search) })
}
