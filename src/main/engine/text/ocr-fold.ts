// Matching text read by OCR despite its commonest misreadings. Tesseract confuses glyphs that are
// near identical in print: I, l and 1 (`lmtest` read `Imtest`), O and 0, S and 5, Z and 2, B
// and 8. Like the confusion-matrix retrieval of Ohta, Takasu and Adachi (ICDAR 1997) and Lopresti's
// "Robust retrieval of noisy text" (1996), a query word matches an OCR word it could have been
// misread as; here each confusion class is folded to one letter on both sides (one index entry
// per word rather than a query expanded into every spelling the classes allow), and only for
// passages on OCR'd pages: text-layer passages keep exact matching. Lives below store/ and
// retrieve/ because both use it (the import indexes folded stems, retrieval folds the question's).

// Lower-case only: tokens and stems are lower-cased before they get here (tokens.ts), so a capital
// I arrives as i and joins the l class.
// (A | read for l splits the word in tokenizing, as FTS5 does, so it cannot be folded here.)
const FOLD: Record<string, string> = { i: 'l', '1': 'l', '0': 'o', '5': 's', '2': 'z', '8': 'b' }
const CONFUSABLE = /[i10528]/

const cache = new Map<string, string>()

/**
 * A stem with every confusable character replaced by its class's letter ("imtest" and "lmtest"
 * both → "lmtest", "x1" → "xl"). A bare number is left as it is: folding it would make "50" the
 * word "so" and "10" the word "lo", and a misread digit is a different number anyway.
 */
export function foldConfusable(stem: string): string {
  if (!CONFUSABLE.test(stem) || !/\p{L}/u.test(stem)) return stem
  let out = cache.get(stem)
  if (out === undefined) {
    out = ''
    for (const ch of stem) out += FOLD[ch] ?? ch
    if (cache.size > 50_000) cache.clear()
    cache.set(stem, out)
  }
  return out
}

/** A passage's stems folded (space-joined, as the OCR index stores them). */
export function foldedStemText(stems: string[]): string {
  return stems.map(foldConfusable).join(' ')
}
