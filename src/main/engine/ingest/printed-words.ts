// Passages are put together from the layout analysis's text, whose quotes, dashes and minus signs
// are ASCII (normalize-text.ts); a passage should quote the document as printed: "−5" in a table
// of signed results, "’<’" in a table of edit symbols, "50 MHz–4 GHz". Each page records how it
// prints such words; a passage's words are given that form again. A word printed two ways on the
// passage's pages ("-5" in a listing, "−5" in a table) is left as it is.
import { FOLDED_WORD } from '@shared/typography.js'
import type { CleanPage } from '../store/page-records.js'

/** For each folded word of a page, the forms it is printed in there (itself included). */
export interface PrintedForms {
  forms: Map<string, Set<string>>
  /** Some word is printed otherwise than folded: only then is there anything to give back. */
  differs: boolean
}

/**
 * How a page prints the words of its text that hold a quote, dash or tilde; null when it has none.
 * A page that prints them all as ASCII counts too: a passage across it and a page printing "−5"
 * cannot tell which "-5" is which.
 */
export function printedForms(page: CleanPage): PrintedForms | null {
  return printedFormsIn(page, [{ start: 0, end: page.text.length }])
}

/**
 * The same for some ranges of the page text only: a table cell's own words (pdf-tables), so a cell
 * gets the characters it prints itself even where the page prints the same word two ways ("1 000,-"
 * in one row of a table, "1 000,–" in the next).
 */
export function printedFormsIn(
  page: CleanPage,
  ranges: readonly { start: number; end: number }[],
): PrintedForms | null {
  const { text } = page
  const printed = page.printed?.length === text.length ? page.printed : text
  const forms = new Map<string, Set<string>>()
  let differs = false
  for (const { start, end } of ranges) {
    for (const m of text.slice(start, end).matchAll(FOLDED_WORD)) {
      const at = start + m.index
      const form = printed.slice(at, at + m[0].length)
      differs ||= form !== m[0]
      const seen = forms.get(m[0])
      if (seen) seen.add(form)
      else forms.set(m[0], new Set([form]))
    }
  }
  return forms.size > 0 ? { forms, differs } : null
}

/** Adds a page's forms to a document's so far (a heading path names sections of earlier pages). */
export function mergePrintedForms(into: PrintedForms, page: PrintedForms | null): void {
  if (!page) return
  into.differs ||= page.differs
  for (const [word, forms] of page.forms) {
    const seen = into.forms.get(word)
    if (seen) for (const f of forms) seen.add(f)
    else into.forms.set(word, new Set(forms))
  }
}

/** The text with each word its pages print one way only given that printed form. */
export function restorePrinted(text: string, pages: readonly (PrintedForms | null | undefined)[]): string {
  const known = pages.filter((p): p is PrintedForms => !!p)
  if (!known.some((p) => p.differs)) return text
  return text.replace(FOLDED_WORD, (word) => {
    let only: string | null = null
    for (const { forms } of known) {
      for (const form of forms.get(word) ?? []) {
        if (only !== null && form !== only) return word
        only = form
      }
    }
    return only ?? word
  })
}
