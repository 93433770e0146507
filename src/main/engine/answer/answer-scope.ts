// Stage 1b, scope: which documents the question searches. The conversation's collection, the
// documents ticked for this question or the whole library, narrowed to the documents the
// question names ("in pscl-countreg.pdf"); a name several documents share is asked about instead.
import type { AnswerScope } from '@shared/search-scope.js'
import { baseName } from '@shared/labels.js'
import {
  documentsNamedIn,
  withoutMentions,
  type DocumentMention,
  type NameableDocument,
} from '../retrieve/documents-named-in-question.js'

/** A scope made concrete by the library's owner (open-library.ts) for one question. */
export interface ResolvedScope {
  /** The documents to search; null: every document of the library. */
  documentIds: number[] | null
  /** How the scope is recorded on the answer. */
  scope: AnswerScope
  /** The documents the question may name: the scope's own (read when a question is asked). */
  nameable: () => NameableDocument[]
}

export type ScopeDecision =
  | {
      kind: 'search'
      documentIds: number[] | null
      /** Absent when the caller gave no scope to record. */
      scope: AnswerScope | undefined
      /** The words that named documents, taken out of what is searched. */
      mentions: DocumentMention[]
      /** A request for the whole named document ("Summarize pscl-countreg.pdf"): its opening passages answer. */
      wholeDocument: boolean
    }
  | { kind: 'ask-which'; scope: Extract<AnswerScope, { kind: 'ambiguous' }> }

export function decideScope(
  question: string,
  resolved: ResolvedScope | undefined,
  ticked?: number[],
): ScopeDecision {
  const base = resolved ?? { documentIds: ticked ?? null, scope: undefined, nameable: () => [] }
  const named = documentsNamedIn(question, base.nameable())
  if (named.kind === 'none')
    return {
      kind: 'search',
      documentIds: base.documentIds,
      scope: base.scope,
      mentions: [],
      wholeDocument: false,
    }
  if (named.kind === 'ambiguous')
    return {
      kind: 'ask-which',
      scope: {
        kind: 'ambiguous',
        said: named.mention.said,
        candidates: named.mention.documents
          .map((d) => ({ documentId: d.id, name: displayName(d, named.mention.documents) }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      },
    }
  const documentIds = named.documents.map((d) => d.id)
  return {
    kind: 'search',
    documentIds,
    scope: {
      kind: 'named',
      documentIds,
      names: named.documents.map((d) => baseName(d.path)),
      said: named.mentions.map((m) => m.said).join(', '),
    },
    mentions: named.mentions,
    wholeDocument: asksForWholeDocument(withoutMentions(question, named.mentions)),
  }
}

/** The search text with the words that named documents taken out (they are rarely written in them). */
export function searchTextWithout(searchQuery: string, mentions: DocumentMention[]): string {
  let out = searchQuery
  for (const m of mentions) {
    const at = out.toLowerCase().indexOf(m.said.toLowerCase())
    if (at >= 0) out = `${out.slice(0, at)}${out.slice(at + m.said.length)}`
  }
  const cleaned = out
    .replace(/\s+([?.!,;:])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim()
  return cleaned || searchQuery
}

// Words of a request for a whole document that say nothing about a topic.
const WHOLE_DOCUMENT_WORDS = new Set(
  `summarize summarise summary summarized summary overview outline gist recap abstract main key points ideas
   findings contents content what is it this about in of the a an whole entire complete full document doc paper
   article vignette manual guide book report file pdf please give me short brief briefly tell say says does
   can you could write do s`.split(/\s+/),
)

/** "Summarize the whole document", "What is this paper about?": nothing to search for but the document. */
export function asksForWholeDocument(rest: string): boolean {
  const words = rest.toLowerCase().match(/\p{L}+/gu) ?? []
  const summary = words.some((w) => /^(summar|overview|outline|gist|recap|about$)/.test(w))
  return summary && words.every((w) => WHOLE_DOCUMENT_WORDS.has(w))
}

/** A candidate's name: its file name, with its folder when another candidate has the same one. */
function displayName(doc: NameableDocument, all: NameableDocument[]): string {
  const name = baseName(doc.path)
  const twin = all.some((d) => d !== doc && baseName(d.path) === name)
  if (!twin) return name
  const folder = baseName(doc.path.slice(0, doc.path.length - name.length - 1))
  return `${name} (in ${folder})`
}
