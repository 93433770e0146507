// Find in the reader view: every match of the term in the whole document, in reading order, so the
// count ("3 of 12") is the document's and next/previous walk from section to section.
import type { TextSection } from '@shared/document-text.js'
import { findAll, type CharRange } from '@renderer/lib/text-ranges.js'

export interface FindHit extends CharRange {
  /** The section (its `n`) the match is in. */
  section: number
}

export function findInSections(sections: readonly TextSection[], term: string): FindHit[] {
  if (!term.trim()) return []
  return sections.flatMap((s) => findAll(s.text, term).map((r) => ({ section: s.n, ...r })))
}

/** Where a new search starts: the first match in the section shown or after it, wrapping. */
export function firstHitFrom(hits: readonly FindHit[], section: number): number {
  if (hits.length === 0) return -1
  const at = hits.findIndex((h) => h.section >= section)
  return at < 0 ? 0 : at
}

/** The next (or previous) match, wrapping round the document. */
export function stepHit(hits: readonly FindHit[], active: number, backwards: boolean): number {
  if (hits.length === 0) return -1
  if (active < 0) return backwards ? hits.length - 1 : 0
  return (active + (backwards ? hits.length - 1 : 1)) % hits.length
}

export function findStatus(hits: readonly FindHit[], active: number): string {
  return hits.length === 0 ? 'Not found' : `${active + 1} of ${hits.length}`
}
