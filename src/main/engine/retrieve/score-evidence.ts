import { totalIdf, type QuestionAnalysis } from './analyse-question.js'
import { answerTypeFit, countVerbatim } from './answer-type.js'
import type { ChunkRow } from './gather-candidates.js'
import { passageStems } from '../text/tokens.js'
import { chunkStems, indexStems } from '../text/identifier-parts.js'
import { lexicalMatch, type LexicalMatch, type WeightedTerm } from './lexical-score.js'
import { foldPassage, ocrLexicalMatch, ocrTerms, type OcrTerms } from './ocr-match.js'
import { documentCoverage } from './passage-evidence.js'
import { comparesRows, holdsTable, tableFieldText, tableRowCoverage } from './table-row-evidence.js'
import type { Tuning } from './tuning.js'

/** What one candidate chunk has going for it. */
export interface ChunkEvidence {
  /** The question's own terms in the chunk. */
  match: LexicalMatch
  /**
   * IDF-weighted share of the question the chunk covers, 0..1; a follow-up's earlier turns count
   * `contextWeight` (for declining, "is it slower?" says little alone).
   */
  coverage: number
  /** Lexical score + document coverage + answer-type fit: the re-rank's score. */
  score: number
  /**
   * A row of a table in the passage, read with its header and caption, holds more of the question
   * than any window of the passage's running text (table-row-evidence.ts).
   */
  rowAnswers?: boolean
}

/**
 * Scores every candidate: its own lexical match (plus the earlier turns' terms at a lower weight),
 * its document's coverage of the question (passage-evidence.ts) and, when the question asks for a
 * number, year or command, how well it holds one (answer-type.ts).
 */
export function scoreEvidence(q: QuestionAnalysis, rows: ChunkRow[], T: Tuning): Map<number, ChunkEvidence> {
  const own = new Map<
    number,
    { match: LexicalMatch; coverage: number; score: number; stems: Set<string>; rowAnswers: boolean }
  >()
  const names = new Map<number, Set<string>>()
  const total = totalIdf(q.terms)
  const ctxTotal = totalIdf(q.contextTerms)
  // Passages on OCR'd pages match the question with OCR-confusable characters folded (ocr-match.ts).
  let folded: OcrTerms | null = null
  const rowPairs = T.tableRowPairs > 0 && comparesRows(q.query)
  for (const r of rows) {
    const stems = chunkStems(r.stems, r.text)
    // A contextual header is indexed with the heading (context-headers-schema.ts), so it is matched
    // as one; so is the prose around a table (table-context-stage.ts).
    const extra = [r.context_header, r.table_context].filter(Boolean).join(' ')
    const heading = extra ? `${r.heading ?? ''} ${extra}` : r.heading
    let headingStems = heading ? headingStemsOf(heading) : []
    // A table's caption and column names say what the passage is about, as a heading does.
    if (T.tableFieldAsHeading > 0 && holdsTable(r.text))
      headingStems = [...headingStems, ...indexStems(tableFieldText(r.text))]
    let m: LexicalMatch
    let c: LexicalMatch | null
    if (r.ocr && T.foldOcrConfusions > 0) {
      const f = (folded ??= ocrTerms(q.terms, q.contextTerms))
      const passage = foldPassage(stems, headingStems)
      m = ocrLexicalMatch(passage, f.terms, f.original, q.phrases, T)
      c = q.contextTerms.length ? ocrLexicalMatch(passage, f.contextTerms, f.original, [], T) : null
    } else {
      m = lexicalMatch(stems, q.terms, q.phrases, headingStems, T)
      c = q.contextTerms.length ? lexicalMatch(stems, q.contextTerms, [], headingStems, T) : null
    }
    let rowAnswers = false
    if (T.wTableRow > 0 && holdsTable(r.text)) {
      const words = m
      m = withTableRows(m, r.text, q.terms, T, rowPairs)
      rowAnswers = m.local > words.local
      if (c) c = withTableRows(c, r.text, q.contextTerms, T, rowPairs)
    }
    own.set(r.id, {
      match: m,
      coverage: c
        ? (m.coverage * total + c.coverage * ctxTotal * T.contextWeight) /
          (total + ctxTotal * T.contextWeight)
        : m.coverage,
      score: m.score + (c ? T.contextWeight * c.score : 0),
      stems: c ? new Set([...m.matchedStems, ...c.matchedStems]) : m.matchedStems,
      rowAnswers,
    })
    if (!names.has(r.document_id))
      names.set(r.document_id, new Set(passageStems(`${r.title} ${docName(r.path)}`)))
  }
  const allTerms = [...q.terms, ...q.contextTerms.map((t) => ({ ...t, idf: t.idf * T.contextWeight }))]
  const docCov = documentCoverage(
    allTerms,
    rows.map((r) => ({ documentId: r.document_id, stems: own.get(r.id)!.stems })),
    names,
  )
  const typed = q.answerTypes.size > 0 || q.options.length > 0
  const out = new Map<number, ChunkEvidence>()
  for (const r of rows) {
    const e = own.get(r.id)!
    let score = e.score + T.wDocument * (docCov.get(r.document_id) ?? 0)
    if (typed)
      score +=
        T.wAnswerType * answerTypeFit(r.text, q.answerTypes) + T.wOption * countVerbatim(r.text, q.options)
    out.set(r.id, { match: e.match, coverage: e.coverage, score, rowAnswers: e.rowAnswers })
  }
  return out
}

/**
 * A table passage's match with its best row (read with the table's header and caption) counted as
 * a proximity window when it holds more of the terms than any window of running text does.
 */
function withTableRows(
  m: LexicalMatch,
  text: string,
  terms: WeightedTerm[],
  T: Tuning,
  rowPairs: boolean,
): LexicalMatch {
  const row = tableRowCoverage(text, terms, rowPairs)
  if (row <= m.local) return m
  return { ...m, local: row, score: m.score + T.wTableRow * T.wProximity * (row - m.local) }
}

/**
 * The stems of a heading path, with a table's context when it has one (table-context-stage.ts):
 * the same candidates come back search after search, and a table's context is some 200 words to
 * tokenise each time. Kept for the last 4,096 headings read, by their text (the stems of a text
 * never change); the first read goes first when the cache is full.
 */
const HEADING_STEMS_KEPT = 4096
const stemsOfHeading = new Map<string, string[]>()

function headingStemsOf(heading: string): string[] {
  let stems = stemsOfHeading.get(heading)
  if (stems === undefined) {
    stems = indexStems(heading)
    if (stemsOfHeading.size >= HEADING_STEMS_KEPT) stemsOfHeading.delete(stemsOfHeading.keys().next().value!)
    stemsOfHeading.set(heading, stems)
  }
  return stems
}

/** A file's base name without extension, as words ("sandwich-CL.pdf" → "sandwich CL"). */
function docName(path: string): string {
  return (path.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '').replace(/[-_.]+/g, ' ')
}
