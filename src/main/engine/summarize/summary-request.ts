// Whether a question asks for a document's summary, and which document it names. A plain matcher
// on file names and titles: the question must open with a request for a summary or the main points
// ("Summarize report.pdf", "What are the main points of the annual report?") and name one document
// (or be asked of exactly one, or of a library that holds only one).

/** A document as the matcher sees it. */
export interface NamedDocument {
  id: number
  path: string
  title: string
}

/** Openings that ask for a whole document's summary or main points, within the first words. */
const ASKS_FOR_SUMMARY =
  /^(?:(?:please|can you|could you|would you|now)\s+)*(?:summari[sz]e|sum up|give (?:me )?(?:a |an )?(?:short |brief |quick )?(?:summary|overview)|(?:write|make) (?:me )?(?:a |an )?(?:short |brief )?(?:summary|overview)|(?:a |an )?(?:short |brief )?(?:summary|overview) of|what (?:are|were) the (?:main|key|most important) (?:points|findings|ideas|takeaways|conclusions)|(?:main|key) (?:points|findings|ideas|takeaways) of|tl;?dr)\b/i

/** Names shorter than this match too much by chance ("a.pdf" inside another word). */
const MIN_NAME_CHARS = 4

export function asksForSummary(question: string): boolean {
  return ASKS_FOR_SUMMARY.test(question.trim().replace(/^["'“]+/, ''))
}

/**
 * The document a summary question is about, or null when it is no summary question or names no
 * single document. `scope`: the documents the question is asked of (the library panel's ticks).
 */
export function summaryTarget(
  question: string,
  documents: NamedDocument[],
  scope?: number[] | null,
): number | null {
  if (!asksForSummary(question)) return null
  const named = namedDocument(question, documents)
  if (named !== null) return named
  const scoped = scope?.length ? documents.filter((d) => scope.includes(d.id)) : documents
  return scoped.length === 1 ? scoped[0]!.id : null
}

/** The document whose file name (with or without extension) or title the question names; longest name wins. */
export function namedDocument(question: string, documents: NamedDocument[]): number | null {
  const q = fold(question)
  let best: { id: number; length: number } | null = null
  for (const d of documents) {
    const file = d.path.split(/[\\/]/).at(-1) ?? d.path
    const names = [file, file.replace(/\.[^.]+$/, ''), d.title].map(fold)
    for (const name of names) {
      if (name.length < MIN_NAME_CHARS || !containsName(q, name)) continue
      if (!best || name.length > best.length) best = { id: d.id, length: name.length }
    }
  }
  return best?.id ?? null
}

/** Case and punctuation between words do not matter: "pscl countreg" names pscl-countreg.pdf. */
function fold(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[_\-–—"'“”‘’`]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

function containsName(question: string, name: string): boolean {
  const at = question.indexOf(name)
  if (at < 0) return false
  const before = question[at - 1]
  const after = question[at + name.length]
  const boundary = (c: string | undefined) => c === undefined || !/[\p{L}\p{N}]/u.test(c)
  return boundary(before) && boundary(after)
}
