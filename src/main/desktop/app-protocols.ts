// Custom schemes for the desktop shell: the UI is served from quire-app://app/ (a real origin the
// IPC sender check can compare against, never file://), and library PDFs from quire-pdf://doc/<id>.
export const APP_SCHEME = 'quire-app'
export const APP_ORIGIN = `${APP_SCHEME}://app`
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`
export const PDF_SCHEME = 'quire-pdf'

/** The document id a quire-pdf URL names, or null for anything else (other hosts, paths, ids). */
export function pdfDocumentIdFromUrl(raw: string): number | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol !== `${PDF_SCHEME}:` || url.host !== 'doc') return null
  const m = /^\/(\d{1,15})\/?$/.exec(url.pathname)
  if (!m) return null
  const id = Number(m[1])
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

export function pdfUrlFor(documentId: number): string {
  return `${PDF_SCHEME}://doc/${documentId}`
}

/** The path inside the built renderer that a quire-app URL asks for, or null for another host. */
export function appAssetPathFromUrl(raw: string): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== 'app') return null
  return url.pathname
}

/** Privileges for protocol.registerSchemesAsPrivileged (plain data, so it can be tested). */
export const PRIVILEGED_SCHEMES = [
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  // corsEnabled + the response's Access-Control-Allow-Origin let pdf.js in the app origin fetch PDFs.
  {
    scheme: PDF_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true },
  },
]
