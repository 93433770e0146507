/**
 * The one Content-Security-Policy for the UI, in both shells (Electron session header and the
 * browser-mode server; the renderer's index.html carries the same string in a meta tag):
 * only our own scripts (pdf.js's wasm decoders need 'wasm-unsafe-eval'), our own worker for pdf.js,
 * no network beyond our own origin and the PDF protocol, no frames, no plugins.
 * Inline styles are allowed because React style props and pdf.js's text layer set them.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' quire-pdf:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')
