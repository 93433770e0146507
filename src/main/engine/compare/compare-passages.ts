// The passages of a comparison: each document searched on its own for the aspect asked about, so
// each side cites its own pages; two versions of one report give their differing sections first.
import type { SearchDecision, SearchHit, SearchOptions, SearchResponse } from '@shared/library-types.js'
import type { Db } from '../store/db.js'
import { readSummarySubject, type DocumentChunk, type SummarySubject } from '../store/document-chunks.js'
import type { ComparisonRequest } from './compare-request.js'
import { versionDiff } from './version-diff.js'

/** The library's search (as the answerer is given it). */
export type SearchFn = (query: string, opts?: SearchOptions) => Promise<SearchResponse>

export interface ComparisonPassages {
  /** Both sides' passages, alternating (A1, B1, A2, B2, …) so that packing keeps both. */
  response: SearchResponse
  /** Each side's document, as named in the prompt and the trace. */
  sides: [ComparedDocument, ComparedDocument]
  /** True when the two share most of their text (versions of one document). */
  versions: boolean
}

export interface ComparedDocument {
  id: number
  file: string
  title: string
  /** Passages of this document given (before packing). */
  passages: number
}

export async function comparisonPassages(
  db: Db,
  search: SearchFn,
  request: ComparisonRequest,
  perSide: number,
): Promise<ComparisonPassages | null> {
  const a = readSummarySubject(db, request.documents[0])
  const b = readSummarySubject(db, request.documents[1])
  if (!a || !b) return null
  const diff = versionDiff(a.chunks, b.chunks)
  const sides: [SearchHit[], SearchHit[]] = [[], []]
  const decisions: SearchDecision[] = []
  let mode: SearchResponse['mode'] = 'keyword'
  for (const [i, doc] of [a, b].entries()) {
    const differing = diff.versions ? diff.differing[i]! : []
    if (request.aspect) {
      const r = await search(request.aspect, { k: perSide, documentIds: [doc.id] })
      mode = r.mode
      if (r.decision) decisions.push(r.decision)
      // A version's changed sections come first, in search's order; the unchanged ones after.
      const changed = new Set(differing)
      const hits = r.results
      sides[i] = [
        ...hits.filter((h) => h.chunkIds.some((id) => changed.has(id))),
        ...hits.filter((h) => !h.chunkIds.some((id) => changed.has(id))),
      ]
    } else {
      // No aspect: what changed (versions), or how each document opens.
      const byId = new Map(doc.chunks.map((c) => [c.id, c]))
      const chunks = diff.versions
        ? differing.slice(0, perSide).map((id) => byId.get(id)!)
        : doc.chunks.slice(0, perSide)
      sides[i] = chunks.map((c, rank) => chunkHit(doc, c, rank + 1))
    }
  }
  const results = alternate(sides[0], sides[1]).map((h, i) => ({ ...h, rank: i + 1 }))
  const empty = sides[0].length === 0 && sides[1].length === 0
  return {
    response: {
      query: request.aspect,
      mode,
      declined: empty,
      results,
      decision: comparisonDecision(decisions, empty),
    },
    sides: [side(a, sides[0].length), side(b, sides[1].length)],
    versions: diff.versions,
  }
}

function side(doc: SummarySubject, passages: number): ComparedDocument {
  return { id: doc.id, file: doc.path, title: doc.title, passages }
}

function chunkHit(doc: SummarySubject, c: DocumentChunk, rank: number): SearchHit {
  return {
    rank,
    chunkId: c.id,
    chunkIds: [c.id],
    documentId: doc.id,
    file: doc.path,
    title: doc.title,
    pages: c.pages,
    ...(c.locator ? { locator: c.locator } : {}),
    text: c.text,
    score: 0,
    matchedTerms: [],
    heading: c.heading,
    ...(c.ocr ? { ocr: true } : {}),
  }
}

function alternate<T>(a: T[], b: T[]): T[] {
  const out: T[] = []
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (i < a.length) out.push(a[i]!)
    if (i < b.length) out.push(b[i]!)
  }
  return out
}

/**
 * The comparison's decision for the trace: declined only when neither document has a passage. A
 * side whose search would decline still gives its nearest passages; the model says what it lacks.
 */
function comparisonDecision(decisions: SearchDecision[], empty: boolean): SearchDecision {
  return {
    declined: empty,
    reason: empty ? 'no-results' : 'answered',
    coverage: Math.min(1, ...decisions.map((d) => d.coverage)),
    local: Math.min(1, ...decisions.map((d) => d.local)),
    threshold: decisions[0]?.threshold ?? 0,
    missing: [...new Set(decisions.flatMap((d) => d.missing))],
    decisive: [],
  }
}
