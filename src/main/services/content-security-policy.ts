/**
 * The one Content-Security-Policy for the UI, in both shells (Electron session header and the
 * browser-mode server; the renderer's index.html carries the same string in a meta tag):
 * only our own scripts (pdf.js's wasm decoders need 'wasm-unsafe-eval'), our own worker for pdf.js,
 * no network beyond our own origin and the PDF protocol, no frames, no plugins.
 * No inline styles: React style props and pdf.js's text layer set styles through the CSSOM
 * (element.style, constructable style sheets), which style-src does not restrict; only <style>
 * blocks and style="" attributes in markup would need 'unsafe-inline', and the UI has none.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' quire-pdf:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * Development only (electron-vite's dev server injects each CSS module as a <style> block for hot
 * reload): the same policy with inline styles allowed. Never used by a build.
 */
export function devContentSecurityPolicy(policy: string): string {
  return policy.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
}
