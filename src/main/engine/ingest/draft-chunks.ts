import type { ChunkOptions } from './chunk-pages.js'
import { bodyFontSize, Chunker, DEFAULT_CHUNK_OPTIONS, embeddingText } from './chunk-pages.js'
import { buildPage, EdgeLineStats, numberedRepeats } from './build-pages.js'
import type { RawPage } from './extract-pdf.js'
import { TablesPageByPage, type DraftedTables } from './pdf-tables/document-tables.js'

/** Pages read before the body font size is first guessed and drafting starts. */
export const FIRST_GUESS_PAGES = 8

/**
 * Draft chunks of a document that is still being read, so the embedder can start on its first
 * pages instead of waiting for the last one.
 *
 * A document's chunks depend on statistics of the whole document: which edge lines are running
 * headers (repeated over a share of its pages) and the body font size (what counts as a heading).
 * Drafts use those statistics measured on the pages read so far. A page is drafted only once the
 * pages after it that could make one of its edge lines a running header have been read (a
 * chapter's running header is recognised on its first pages too); the body font size is guessed
 * after FIRST_GUESS_PAGES pages and again each time the page count doubles.
 *
 * Drafts are a guess: the stored chunks are always computed from the whole document, and the
 * importer reuses a draft's vector only for a final chunk with exactly the same text, embedding
 * the rest once the document is read. A wrong guess costs embedding time, never different chunks.
 *
 * When the document's tables are found (`tables`, ParseOptions.tables), each drafted page's are
 * found too and laid into its draft as the final chunks lay them: drafted without them, every
 * chunk a table touched, and the chunks after it that its passages moved, was embedded twice (on
 * the dev corpus 203 of 1,247 drafts wasted and 444 of 1,488 chunks embedded after reading, against
 * 11 and 245 without tables; docs/tables.md, "Cost").
 */
export class DraftChunks {
  private readonly raw: RawPage[] = []
  private readonly edges = new EdgeLineStats()
  private readonly lookahead: number
  private chunker: Chunker | null = null
  private nextGuess = FIRST_GUESS_PAGES
  private drafted = 0

  private readonly tables: TablesPageByPage | null

  constructor(
    private readonly numPages: number,
    private readonly emit: (texts: string[]) => void,
    private readonly options: ChunkOptions = DEFAULT_CHUNK_OPTIONS,
    { tables = true }: { tables?: boolean } = {},
  ) {
    this.lookahead = numberedRepeats(numPages)
    this.tables = tables ? new TablesPageByPage() : null
  }

  /** The drafted pages' tables as found, for the final pass to take again where a page reads the same. */
  get draftedTables(): ReadonlyMap<number, DraftedTables> | undefined {
    return this.tables?.found
  }

  addPage(page: RawPage): void {
    this.raw.push(page)
    this.edges.add(page)
    const n = this.raw.length
    // Near the end there is nothing to gain: the whole document's chunks follow at once.
    if (n + this.lookahead >= this.numPages) return
    if (n >= this.nextGuess) {
      this.guessBody()
      this.nextGuess *= 2
    }
    const upTo = n - this.lookahead
    if (!this.chunker || this.drafted >= upTo) return
    const running = this.edges.running(this.numPages)
    const texts: string[] = []
    for (; this.drafted < upTo; this.drafted++) {
      const raw = this.raw[this.drafted]!
      const clean = buildPage(raw, running)
      const tables = this.tables?.next(clean, raw) ?? []
      for (const c of this.chunker.addPage(clean, tables)) texts.push(embeddingText(c.heading, c.text))
    }
    if (texts.length) this.emit(texts)
  }

  private guessBody(): void {
    const running = this.edges.running(this.numPages)
    const body = bodyFontSize(this.raw.map((p) => buildPage(p, running)))
    if (this.chunker) this.chunker.body = body
    else this.chunker = new Chunker(body, this.options)
  }
}
