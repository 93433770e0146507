// Whether a question asks to compare two documents, which two, and on what. "Compare A and B (on
// staff numbers)", "How do A and B differ?", "What changed between these two versions?": the
// documents are the two the question names (named-documents.ts), or, when it names none, the two
// it is asked of (the library panel's ticks, or a library of two).
import { queryTerms } from '../retrieve/query-terms.js'
import { mentionedDocuments, type NamedDocument } from './named-documents.js'

export interface ComparisonRequest {
  /** The two documents, in the order the question names them. */
  documents: [number, number]
  /** What to compare them on, as search words; '' when the question names no aspect. */
  aspect: string
}

/** Words that ask for a comparison of two things. */
const COMPARES =
  /\b(?:compar(?:e|es|ed|ing|ison)|contrast|differ(?:s|ed|ence|ences|ent)?|distinguish(?:es)?|versus|vs\.?|changed?|changes|what'?s new|similarit(?:y|ies)|in common|agree)\b/i

/** "these two", "both documents", "the two versions": the question points at two documents it does not name. */
const POINTS_AT_TWO =
  /\b(?:(?:these|those|the|both)\s+(?:two\s+)?(?:documents?|versions?|reports?|files?|papers?|manuals?|editions?|drafts?|pdfs?)|these two|the two|both|they|them)\b/i

/** Comparison wording and words that only point at the documents: not what to compare them on. */
const NOT_ASPECT =
  /\b(?:compar(?:e|es|ed|ing|ison)|contrast|differ(?:s|ed|ence|ences|ent)?|distinguish(?:es)?|versus|vs|changed?|changes|new|similarit(?:y|ies)|common|agree(?:s)?|documents?|versions?|reports?|files?|papers?|manuals?|editions?|drafts?|pdfs?|two|both|these|those|they|them|between|main|key|say|says|said|regarding|respect|terms|where|what|how|which|do|does|did)\b/gi

/** Whether the question uses comparison wording at all (cheap: checked before any lookup). */
export function asksToCompare(question: string): boolean {
  return COMPARES.test(question)
}

export function comparisonRequest(
  question: string,
  documents: NamedDocument[],
  scope?: number[] | null,
): ComparisonRequest | null {
  if (!COMPARES.test(question)) return null
  const mentions = mentionedDocuments(question, documents)
  let pair: [number, number] | null = null
  if (mentions.length >= 2) pair = [mentions[0]!.id, mentions[1]!.id]
  else if (mentions.length === 0 && POINTS_AT_TWO.test(question)) {
    const scoped = scope?.length ? documents.filter((d) => scope.includes(d.id)) : documents
    if (scoped.length === 2) pair = [scoped[0]!.id, scoped[1]!.id]
  }
  if (!pair) return null
  // The aspect: the question without the documents' names and the comparison's own words.
  let rest = question
  for (const m of [...mentions].reverse()) rest = `${rest.slice(0, m.start)} ${rest.slice(m.end)}`
  rest = rest.replace(NOT_ASPECT, ' ')
  const aspect = queryTerms(rest)
    .map((t) => t.word)
    .join(' ')
  return { documents: pair, aspect }
}
