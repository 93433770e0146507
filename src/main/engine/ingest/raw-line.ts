// A page's line as pdf.js laid it out, apart from extract-pdf.ts so that the table detector it
// calls can name it without importing the extractor.
/** One visual line of a page as pdf.js laid it out, before cleaning. */
export interface RawLine {
  /** Text items on the line, left to right as the content stream gives them. */
  items: { str: string; x: number; y: number; w: number; h: number }[]
  /** Font height of the line (largest item), used to spot headings. */
  fontSize: number
  y: number
  /** Mean word confidence (0–100) of a line read by OCR; absent on text-layer lines. */
  confidence?: number
}
