// Which documents a question names: "in pscl-countreg.pdf", "the Survival vignette", "Regression
// Models for Count Data in R". Used to scope an answer to them; summaries and comparisons reuse it.
import { baseName } from '@shared/labels.js'
import { IMPORTABLE_EXTENSIONS, stripImportableExtension } from '@shared/importable-files.js'

/** A document a question may name: its id, its file's path and its title. */
export interface NameableDocument {
  id: number
  path: string
  title: string
}

/** One stretch of the question that names documents, and the documents it fits. */
export interface DocumentMention {
  /** The words of the question, as typed ("pscl-countreg.pdf", "the Survival vignette"). */
  said: string
  /** Where they are in the question. */
  start: number
  end: number
  documents: NameableDocument[]
}

export type NamedDocuments =
  | { kind: 'none' }
  /** Every mention fits one document: search only these (one or more, in the question's order). */
  | { kind: 'named'; documents: NameableDocument[]; mentions: DocumentMention[] }
  /** A mention fits several documents: ask which. */
  | { kind: 'ambiguous'; mention: DocumentMention }

/** Nouns that say the word before them names a document ("the Survival vignette"). */
const DOCUMENT_NOUNS =
  'document|doc|paper|article|vignette|manual|guide|handbook|book|report|file|pdf|reference|tutorial|notes|slides|spreadsheet|sheet'

const EXTENSIONS = [...IMPORTABLE_EXTENSIONS].sort((a, b) => b.length - a.length).join('|')
/** A file name with an extension Quire imports: "pscl-countreg.pdf", "Case_14 notes.docx" is two words. */
const FILE_NAME = new RegExp(`[\\p{L}\\p{N}][\\p{L}\\p{N}._+-]*\\.(?:${EXTENSIONS})(?![\\p{L}\\p{N}])`, 'giu')

const fold = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim()

/** A file's name without its extension, as a person would say it ("pscl-countreg", "survival"). */
const stemOf = (doc: NameableDocument) => fold(stripImportableExtension(baseName(doc.path)))

/**
 * The documents the question names, among `documents` (the ones it may search). A document is
 * named by its file name with the extension ("pscl-countreg.pdf"), by its file name without it
 * followed by a word such as "vignette" or "paper" ("the Survival vignette"), or by its whole
 * title ("Regression Models for Count Data in R"). A bare word that happens to be a file's name
 * ("what is survival analysis?") names nothing: questions use such words all the time.
 */
export function documentsNamedIn(question: string, documents: readonly NameableDocument[]): NamedDocuments {
  if (documents.length === 0) return { kind: 'none' }
  const mentions: DocumentMention[] = []
  const taken = (start: number, end: number) => mentions.some((m) => start < m.end && end > m.start)
  const add = (said: string, start: number, docs: NameableDocument[]) => {
    if (docs.length === 0 || taken(start, start + said.length)) return
    mentions.push({ said, start, end: start + said.length, documents: docs })
  }

  // 1. File names with their extension.
  const byFileName = groupBy(documents, (d) => fold(baseName(d.path)))
  for (const m of question.matchAll(FILE_NAME)) add(m[0], m.index, byFileName.get(fold(m[0])) ?? [])

  // 2. Whole titles (long enough to name something: two words or more, eight letters or more).
  const byTitle = groupBy(
    documents.filter((d) => {
      const t = fold(d.title)
      return t.length >= 8 && t.includes(' ') && t !== stemOf(d)
    }),
    (d) => fold(d.title),
  )
  const folded = question.toLowerCase()
  for (const [title, docs] of [...byTitle].sort((a, b) => b[0].length - a[0].length)) {
    const at = findWhole(folded, title)
    if (at >= 0) add(question.slice(at, at + title.length), at, docs)
  }

  // 3. A file's name without its extension, said as a document: "the survival vignette",
  //    "in the pscl-countreg paper", "from sandwich-CL".
  const byStem = groupBy(
    documents.filter((d) => stemOf(d).length >= 3),
    stemOf,
  )
  for (const [stem, docs] of [...byStem].sort((a, b) => b[0].length - a[0].length)) {
    const pattern = new RegExp(
      `(?:(?:\\b(?:in|from|of)\\s+(?:the\\s+)?)(${escape(stem)})(?![\\p{L}\\p{N}])|(?<![\\p{L}\\p{N}])(${escape(stem)})\\s+(?:${DOCUMENT_NOUNS})s?\\b)`,
      'giu',
    )
    for (const m of question.matchAll(pattern)) {
      const word = m[1] ?? m[2]!
      const start = m.index + m[0].indexOf(word, m[1] ? m[0].length - word.length : 0)
      // "of" and "in" alone also join ordinary words ("the number of events"): a stem after them
      // names a document only when it is not an everyday word, i.e. it is written as a name
      // (capitalised, or with a digit, dash or dot) or a document noun follows it.
      if (m[1] && !looksLikeName(word) && !followedByNoun(question, start + word.length)) continue
      add(question.slice(start, start + word.length), start, docs)
    }
  }

  if (mentions.length === 0) return { kind: 'none' }
  mentions.sort((a, b) => a.start - b.start)
  const ambiguous = mentions.find((m) => m.documents.length > 1)
  if (ambiguous) return { kind: 'ambiguous', mention: ambiguous }
  const named: NameableDocument[] = []
  for (const m of mentions) if (!named.includes(m.documents[0]!)) named.push(m.documents[0]!)
  return { kind: 'named', documents: named, mentions }
}

/**
 * The question with the words that name documents taken out, for the search: "Summarize the
 * whole pscl-countreg.pdf document" searches "Summarize the whole document" in that document
 * (its file name is rarely written inside it, and would read as a name it never uses).
 */
export function withoutMentions(question: string, mentions: readonly DocumentMention[]): string {
  let out = question
  for (const m of [...mentions].sort((a, b) => b.start - a.start))
    out = `${out.slice(0, m.start)}${out.slice(m.end)}`
  return out
    .replace(/\s+([?.!,;:])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim()
}

function looksLikeName(word: string): boolean {
  return /[\p{Lu}\p{N}._-]/u.test(word)
}

function followedByNoun(question: string, at: number): boolean {
  return new RegExp(`^\\s+(?:${DOCUMENT_NOUNS})s?\\b`, 'iu').test(question.slice(at))
}

/** Where `needle` occurs in `haystack` as whole words; -1 when it does not. */
function findWhole(haystack: string, needle: string): number {
  let at = haystack.indexOf(needle)
  while (at >= 0) {
    const before = haystack[at - 1]
    const after = haystack[at + needle.length]
    if ((!before || !/[\p{L}\p{N}]/u.test(before)) && (!after || !/[\p{L}\p{N}]/u.test(after))) return at
    at = haystack.indexOf(needle, at + 1)
  }
  return -1
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>()
  for (const it of items) {
    const k = key(it)
    const list = out.get(k)
    if (list) list.push(it)
    else out.set(k, [it])
  }
  return out
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[\\s_]+')
}
