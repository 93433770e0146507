// Whether a question asks for a document's summary, and which document it names. A plain matcher
// on file names and titles: the question must open with a request for a summary or the main points
// ("Summarize report.pdf", "What are the main points of the annual report?"), name one document
// (or be asked of exactly one, or of a library that holds only one) and say nothing else ("in five
// bullet points" is fine; "…of report.pdf about steel" is a question about steel, for search).

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

/**
 * The document a summary question is about, or null when it is no summary question or names no
 * single document. `scope`: the documents the question is asked of (the library panel's ticks).
 */
export function summaryTarget(
  question: string,
  documents: NamedDocument[],
  scope?: number[] | null,
): number | null {
  const q = question.trim().replace(/^["'“]+/, '')
  const intent = ASKS_FOR_SUMMARY.exec(q)
  if (!intent) return null
  const rest = fold(q.slice(intent[0].length))
  const named = namedMatch(rest, documents)
  const left = named ? rest.slice(0, named.at) + ' ' + rest.slice(named.at + named.name.length) : rest
  if (!onlyFiller(left)) return null
  if (named) return named.id
  const scoped = scope?.length ? documents.filter((d) => scope.includes(d.id)) : documents
  return scoped.length === 1 ? scoped[0]!.id : null
}

/** The document whose file name (with or without extension) or title the question names; longest name wins. */
export function namedDocument(question: string, documents: NamedDocument[]): number | null {
  return namedMatch(fold(question), documents)?.id ?? null
}

function namedMatch(
  folded: string,
  documents: NamedDocument[],
): { id: number; name: string; at: number } | null {
  let best: { id: number; name: string; at: number } | null = null
  for (const d of documents) {
    const file = d.path.split(/[\\/]/).at(-1) ?? d.path
    const names = [file, file.replace(/\.[^.]+$/, ''), d.title].map(fold)
    for (const name of names) {
      if (name.length < MIN_NAME_CHARS) continue
      const at = findName(folded, name)
      if (at < 0) continue
      if (!best || name.length > best.name.length) best = { id: d.id, name, at }
    }
  }
  return best
}

/** Words a summary request may carry besides the document's name. */
const FILLER = new Set(
  (
    'the a an this that these it its whole entire full complete document doc file report paper manual ' +
    'book text pdf article please for me us in into as of on with short brief briefly quick quickly ' +
    'few some main key points point bullet bullets bulleted list sentences sentence paragraph paragraphs ' +
    'words summary overview one two three four five six seven eight nine ten and to give'
  ).split(' '),
)

function onlyFiller(rest: string): boolean {
  return (rest.match(/[\p{L}\p{N}]+/gu) ?? []).every((w) => FILLER.has(w) || /^\d{1,2}$/.test(w))
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

/** Where the name stands in the question as whole words, or -1. */
function findName(question: string, name: string): number {
  const boundary = (c: string | undefined) => c === undefined || !/[\p{L}\p{N}]/u.test(c)
  for (let at = question.indexOf(name); at >= 0; at = question.indexOf(name, at + 1))
    if (boundary(question[at - 1]) && boundary(question[at + name.length])) return at
  return -1
}
