import { QuireError } from '@shared/errors.js'
import type { ShellAdapter } from '../ipc/shell-adapter.js'

/** Browser mode: no native dialogs; PDFs come from the token-protected /api/pdf route. */
export function browserShell(token: string): ShellAdapter {
  return {
    shell: 'browser',
    pickFiles: () => {
      throw new QuireError(
        'NOT_AVAILABLE',
        'The browser version has no file picker here; choose files in the page instead.',
      )
    },
    pdfUrl: (documentId) => `/api/pdf/${documentId}?token=${encodeURIComponent(token)}`,
  }
}
