/** What differs between the desktop shell and browser mode, supplied by each to the handlers. */
export interface ShellAdapter {
  readonly shell: 'desktop' | 'browser'
  /** Native file picker; browser mode throws NOT_AVAILABLE (the page uses <input type=file>). */
  pickFiles(opts: { folders: boolean }): Promise<string[]>
  /** Where the renderer loads a library document's PDF from. */
  pdfUrl(documentId: number): string
}
