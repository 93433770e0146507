// Section summaries as search results (docs/summaries.md): a broad question ("what does the report
// conclude about…", "the main findings on…") is better served by a section's summary than by any
// single passage. Summaries have a keyword index of their own (store/section-summaries.ts), apart
// from the chunks' and outside the vector index, so chunk ranking statistics and vector labels are
// untouched; the stage runs only when the library holds summaries and the question is broad, and
// otherwise leaves the results exactly as they were (a library without summaries searches as before).
import { asDocumentFormat, formatInfo } from '@shared/importable-files.js'
import { formatLocator, type Locator } from '@shared/locator.js'
import type { SearchHit } from '@shared/library-types.js'
import type { Db } from '../store/db.js'
import { SectionSummaries, type SummaryMatch } from '../store/section-summaries.js'
import { passageStems } from '../text/tokens.js'
import type { SearchRun, SearchStage } from './search-stage-types.js'

/** Questions about a document's conclusions or main points, rather than one fact in it. */
const BROAD =
  /\b(?:conclu\w*|overall|main (?:points?|findings?|ideas?|results?|themes?)|key (?:points?|findings?|ideas?|results?|themes?)|findings|takeaways?|summar\w*|overview|in general|gist|recommend\w*|what is (?:this|the) (?:report|document|paper|manual|book) about)\b/i

/** The words that make a question broad: not its topic, so they are not looked for in summaries. */
const BROAD_WORDS =
  /^(?:conclu\w*|overall|main|key|points?|findings?|ideas?|results?|themes?|takeaways?|summar\w*|overview|general|gist|recommend\w*|report|document|paper|manual|book)$/

/** Share of the question's topic weight (IDF) a summary must hold to be given. */
const MIN_COVERAGE = 0.5

const stores = new WeakMap<Db, SectionSummaries>()
function summariesOf(db: Db): SectionSummaries {
  let s = stores.get(db)
  if (!s) stores.set(db, (s = new SectionSummaries(db)))
  return s
}

export function isBroadQuestion(query: string): boolean {
  return BROAD.test(query)
}

export const summaryStage: SearchStage = {
  name: 'summaries',
  applies: (r, d) =>
    r.question.terms.length > 0 && isBroadQuestion(r.question.query) && summariesOf(d.db).hasAny(),
  run: (r, d) => {
    const terms = r.question.terms.filter((t) => !BROAD_WORDS.test(t.word))
    if (!terms.length) return
    const match = terms.map((t) => `"${t.word.replace(/"/g, '')}"`).join(' OR ')
    const best = summariesOf(d.db)
      .search(match, 5, r.opts.documentIds)
      .find((m) => coverage(m, terms) >= MIN_COVERAGE)
    if (!best) return
    const hit = summaryHit(d.db, best, r, heldTerms(best, terms))
    if (!hit) return
    r.results = [hit, ...r.results.filter((h) => h.chunkId !== hit.chunkId)]
      .slice(0, r.k)
      .map((h, i) => ({ ...h, rank: i + 1 }))
    r.notes.push({ stage: 'summaries', documentId: best.documentId, heading: best.heading })
  },
}

type Terms = SearchRun['question']['terms']

function heldTerms(m: SummaryMatch, terms: Terms): Terms {
  const stems = new Set(passageStems(`${m.heading ?? ''} ${m.text}`))
  return terms.filter((t) => stems.has(t.stem))
}

function coverage(m: SummaryMatch, terms: Terms): number {
  const total = terms.reduce((s, t) => s + t.idf, 0)
  const held = heldTerms(m, terms).reduce((s, t) => s + t.idf, 0)
  return total > 0 ? held / total : 0
}

interface CitedChunk {
  id: number
  ord: number
  page_start: number
  page_end: number
  locator: string | null
  path: string
  title: string
  format: string
}

/** The summary as a passage: its sentences, on the pages they cite, anchored at the first cited chunk. */
function summaryHit(db: Db, m: SummaryMatch, r: SearchRun, held: Terms): SearchHit | null {
  const ords = [...new Set(m.sentences.flatMap((s) => s.ords))].sort((a, b) => a - b)
  const rows = db
    .prepare(
      `SELECT c.id, c.ord, c.page_start, c.page_end, c.locator, d.path, d.title, d.format
       FROM chunks c JOIN documents d ON d.id = c.document_id
       WHERE c.document_id = ? AND c.ord IN (SELECT value FROM json_each(?)) ORDER BY c.ord`,
    )
    .all(m.documentId, JSON.stringify(ords)) as CitedChunk[]
  const first = rows[0]
  if (!first) return null
  const paged = formatInfo(asDocumentFormat(first.format)).paged
  const pages = paged
    ? [...new Set(rows.flatMap((c) => range(c.page_start, c.page_end)))].sort((a, b) => a - b)
    : []
  const place = m.heading ? `the section “${m.heading}”` : 'a section'
  return {
    rank: 1,
    chunkId: first.id,
    chunkIds: rows.map((c) => c.id),
    documentId: m.documentId,
    file: first.path,
    title: first.title,
    pages,
    locator: paged ? null : formatLocator(first.locator ? (JSON.parse(first.locator) as Locator) : null),
    text: `Summary of ${place}: ${m.sentences.map((s) => s.text).join(' ')}`,
    score: r.results[0]?.score ?? 1,
    matchedTerms: held.map((t) => t.word),
    heading: m.heading,
  }
}

function range(a: number, b: number): number[] {
  const out: number[] = []
  for (let p = a; p <= b; p++) out.push(p)
  return out
}
