/** What differs between the desktop shell and browser mode, supplied by each to the handlers. */
export interface ShellAdapter {
  readonly shell: 'desktop' | 'browser'
  /** Native file picker; browser mode throws NOT_AVAILABLE (the page uses <input type=file>). */
  pickFiles(opts: { folders: boolean }): Promise<string[]>
  /**
   * Throws unless the user chose these paths themselves (desktop: dialogs and drops only). Browser
   * mode has no way to choose paths in the page and leaves this out: its caller holds the token.
   */
  authorizePaths?(paths: readonly string[]): void
  /** Where the renderer loads a library document's PDF from. */
  pdfUrl(documentId: number): string
  /** Desktop: reveals a file in the system's file manager (absent in browser mode). */
  showInFolder?(file: string): void
}
