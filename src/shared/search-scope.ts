// Collections and search scopes: which documents a question or a search looks in, and how that is
// said on an answer, in its export and in `ask --json`. Plain data, shared by every surface.
import { baseName, countOf } from './labels.js'

/** A named set of documents (a case, a project); a document can belong to several. */
export interface Collection {
  id: number
  name: string
  /** Documents in it (indexed or not). */
  documents: number
  createdAt: string
}

/** Longest collection name accepted (a sidebar row, a CLI column). */
export const COLLECTION_NAME_MAX = 100

/**
 * What a question or a search is asked to look in. `library`: every document ("All documents").
 * `collection`: the collection's documents. `documents`: the documents ticked by hand for this
 * question. The answerer narrows any of them to a document the question names (`named`).
 */
export type SearchScope =
  | { kind: 'library' }
  | { kind: 'collection'; collectionId: number }
  | { kind: 'documents'; documentIds: number[] }

/**
 * The scope an answer was searched in, stored with it (RetrievalTrace.scope): what it was called
 * then, so the answer still says it after the collection is renamed or deleted.
 * `named`: the question named a document ("in pscl-countreg.pdf") and only it was searched.
 * `ambiguous`: the question named a document that several match: nothing was searched, the
 * asker is asked which (`candidates`).
 */
export type AnswerScope =
  | { kind: 'library'; documents: number }
  | { kind: 'collection'; collectionId: number; name: string; documents: number }
  | { kind: 'documents'; documentIds: number[]; names: string[] }
  | { kind: 'named'; documentIds: number[]; names: string[]; said: string }
  | { kind: 'ambiguous'; said: string; candidates: { documentId: number; name: string }[] }

const listNames = (names: string[]): string =>
  names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`

/**
 * One line saying what an answer searched, the same on the answer, in the export and in the CLI:
 * "Searched Case 14: 37 documents", "Searched only pscl-countreg.pdf".
 */
export function scopeLine(scope: AnswerScope): string {
  switch (scope.kind) {
    case 'library':
      return `Searched all documents: ${countOf(scope.documents, 'document')}`
    case 'collection':
      return `Searched ${scope.name}: ${countOf(scope.documents, 'document')}`
    case 'documents':
      return scope.names.length === 1
        ? `Searched only ${scope.names[0]}`
        : `Searched ${countOf(scope.names.length, 'chosen document')}: ${listNames(scope.names)}`
    case 'named':
      return `Searched only ${listNames(scope.names)}`
    case 'ambiguous':
      return `Nothing searched: "${scope.said}" names ${countOf(scope.candidates.length, 'document')}`
  }
}

/** The question put to the asker when the document a question names is ambiguous. */
export function ambiguousQuestion(scope: Extract<AnswerScope, { kind: 'ambiguous' }>): string {
  const names = scope.candidates.map((c) => c.name)
  const list =
    names.length === 2 ? `${names[0]} or ${names[1]}` : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
  return `Which document do you mean by "${scope.said}": ${list}? Ask again with its file name, or choose it.`
}

/** A document's name as scopes show it: its file name (titles collide, file names rarely do). */
export function documentName(path: string): string {
  return baseName(path)
}
