// The one rule for how a citation is marked in a viewer, PDF page or reader section alike: the
// passage where its text sits, and inside it the sentences that carry the claim (the answer's
// `focus`). When there are such sentences they are marked strongly and the rest of the passage
// faintly; otherwise the passage is marked whole.
import { findFocus, findPassage, type CharRange } from './text-ranges.js'

export interface CitationHighlight {
  passage: CharRange | null
  /** The claim-carrying sentences, each inside `passage`. */
  focus: CharRange[]
  /** True when the passage is marked faintly around strongly marked sentences. */
  faint: boolean
}

/**
 * A table passage's row as Markdown ("| Adelie | 3966.67 |") as the stored text holds it, cells
 * joined by " | " without the outer pipes ("Adelie | 3966.67"), so the row that answers can be
 * found and marked; any other sentence as it is.
 */
export function storedRow(sentence: string): string {
  const t = sentence.trim()
  if (!/^\|.*\|$/.test(t) || t.length < 2) return sentence
  return t.slice(1, -1).trim().replace(/\\\|/g, '|')
}

/**
 * Where a cited passage and its claim-carrying sentences sit in a page's (or section's) text.
 * `known` is where the passage is known to lie (a chunk's stored span), used when its text cannot
 * be found in this text (a passage cut differently from the stored text).
 */
export function citationHighlight(
  text: string,
  passage: string,
  focus: readonly string[],
  known: CharRange | null = null,
): CitationHighlight {
  const range = findPassage(text, passage) ?? known
  if (!range) return { passage: null, focus: [], faint: false }
  const strong = findFocus(text, range, focus.map(storedRow))
  return { passage: range, focus: strong, faint: strong.length > 0 }
}

/**
 * The page a citation opens at: the first of the passage's pages that holds a strongly marked
 * sentence, so a passage running over two pages whose claim is on the second opens there, not at
 * its start. Null when no page holds one (nothing cited strongly, texts missing): the passage's
 * first page, as before.
 */
export function focusPage(
  pages: readonly { pageNo: number; text: string | null }[],
  passage: string,
  focus: readonly string[],
): number | null {
  if (focus.length === 0) return null
  for (const p of pages) {
    if (p.text && citationHighlight(p.text, passage, focus).focus.length > 0) return p.pageNo
  }
  return null
}
