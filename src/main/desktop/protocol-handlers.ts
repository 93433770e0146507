import fs from 'node:fs/promises'
import { QuireError } from '@shared/errors.js'
import { contentType, resolveStaticFile } from '../services/static-files.js'
import { APP_ORIGIN, appAssetPathFromUrl, pdfDocumentIdFromUrl } from './app-protocols.js'
import { CONTENT_SECURITY_POLICY } from '../services/content-security-policy.js'

/**
 * The protocol handlers as plain (Request) → Response functions, so they run in tests without
 * Electron: protocol.handle() takes exactly this shape.
 */
export function appProtocolHandler(rendererDir: string) {
  return async (req: { url: string }): Promise<Response> => {
    const p = appAssetPathFromUrl(req.url)
    const file = p === null ? null : await resolveStaticFile(rendererDir, p)
    if (!file) return new Response('Not found', { status: 404 })
    return new Response(new Uint8Array(await fs.readFile(file)), {
      headers: {
        'content-type': contentType(file),
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
      },
    })
  }
}

/** Serves only documents of the library, by id; the path on disk comes from the library's records. */
export function pdfProtocolHandler(pdfBytes: (documentId: number) => Promise<Uint8Array>) {
  return async (req: { url: string }): Promise<Response> => {
    const id = pdfDocumentIdFromUrl(req.url)
    if (id === null) return new Response('Not found', { status: 404 })
    try {
      const bytes = await pdfBytes(id)
      return new Response(new Uint8Array(bytes), {
        headers: {
          'content-type': 'application/pdf',
          'access-control-allow-origin': APP_ORIGIN,
          'x-content-type-options': 'nosniff',
        },
      })
    } catch (err) {
      const status = err instanceof QuireError ? 404 : 500
      return new Response(err instanceof Error ? err.message : 'Error', { status })
    }
  }
}
