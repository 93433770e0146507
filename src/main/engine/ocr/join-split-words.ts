import type { OcrWord } from './ocr-engine.js'

/**
 * Tesseract puts a word break wherever a monospaced face leaves a wide blank inside its cells: at
 * the bracket of a call (`coeftest (fm,` for `coeftest(fm,`), beside the dot of a dotted name
 * (`given. values` for `given.values`, `yyFlexLexer .h`) and inside a scope operator
 * (`Eigen: :Map`). The text layer of the same pages has these joined, so questions, citations and
 * the reader see the code as printed only if OCR joins them back. The rules compare the blank
 * between the two words' ink with what a word space measures on that line.
 */
export function joinSplitWords(words: OcrWord[], em: number): OcrWord[] {
  const wordGap = medianGap(words)
  const out: OcrWord[] = []
  for (const w of words) {
    const prev = out.at(-1)
    if (
      prev &&
      (splitCall(prev, w, em) ||
        splitAfterDot(prev, w, wordGap) ||
        splitBeforeDot(prev, w, wordGap) ||
        splitScope(prev, w))
    )
      out[out.length - 1] = joined(prev, w)
    else out.push(w)
  }
  return out
}

/**
 * A word opening with a bracket is joined to the word before it when the ink gap is under 0.35 em:
 * the bracket's ink starts well inside its cell. The word before ends in a letter, digit, `_` or
 * `.` (then the bracket is round or square), or in a closing bracket (then any opening one).
 * Measured against the text layer of the same pages (pscl-countreg, sandwich-CL): word-then-bracket
 * pairs set without a space have gaps of 0.15–0.35 em (85 of 94 under 0.35), pairs with a space
 * 0.35 em and more (476 of 493). After a closing bracket (`{siunitx} [=v2]`, `{#1}{9}} {NINE}`),
 * on the development, second-, third- and fourth-set corpora scanned at 150 dpi: under 0.35 em 203
 * pairs set joined and 7 spaced; at 0.35 em or more 226 joined and 352 spaced. A brace after a
 * letter is left alone (26 joined, 6 spaced under 0.35 em: style sheets set `p {`).
 */
function splitCall(prev: OcrWord, w: OcrWord, em: number): boolean {
  const opens = /[)\]}]$/.test(prev.text) ? /^[([{]/ : /[\p{L}\p{N}_.]$/u.test(prev.text) ? /^[([]/ : null
  return opens !== null && opens.test(w.text) && w.x0 - prev.x1 < 0.35 * em
}

/**
 * A word ending in `name.` is joined to a next word that starts with a lower-case letter when the
 * gap between them is under 1.2 times the line's median gap between words (lines of three words
 * or more: one gap says nothing of the line's spacing). The dot's ink sits mid-cell in a
 * monospaced face, so the blank after it is narrower than the face's word space; a sentence or
 * abbreviation ending in a dot is followed by a full space. Abbreviations, initials, roman
 * numerals and words in capitals are never joined: those dots are often followed by a lower-case
 * word with a tight space (`e.g. the`, `J. and`, `III. manpages`).
 * Measured on the development and third-set corpora scanned at 150 dpi (705 pages), against the
 * text layer of the same documents: of such pairs under 1.2 times the median gap, 426 are set
 * joined there and 2 with a space; of those at or above it, 66 joined and 139 spaced. Checked
 * afterwards on the second set (258 pages, not used to choose the rule): 26 joins right, 3 wrong
 * (`Corp. starting`, `Zeileis. p`, and `www. ietf.org`, spaced in that text layer at a line end).
 */
function splitAfterDot(prev: OcrWord, w: OcrWord, wordGap: number | null): boolean {
  if (wordGap === null || !/^\p{Ll}/u.test(w.text)) return false
  const name = /(\p{L}[\p{L}\p{N}_]*)\.$/u.exec(prev.text)?.[1]
  if (!name || name.length < 2 || /^\p{Lu}+$/u.test(name)) return false
  if (/^\(?(\p{L}\.){2,}$/u.test(prev.text) || ABBREVIATIONS.has(name.toLowerCase())) return false
  return w.x0 - prev.x1 < 1.2 * wordGap
}

/**
 * The same split before the dot (`yyFlexLexer .h`, `//CRAN .R-project.org`, `plot .eff`): a word
 * opening with a dot and a letter is joined to a word before it that ends in a letter or digit when
 * the gap is under the line's median gap (a full word space before a file extension in prose,
 * `the .tex file`, measures about one median gap). Same corpora: 115 such pairs under it, all set
 * joined in the text layer; at or above it 65 joined and 37 spaced.
 */
function splitBeforeDot(prev: OcrWord, w: OcrWord, wordGap: number | null): boolean {
  return (
    wordGap !== null &&
    /^\.\p{L}/u.test(w.text) &&
    /[\p{L}\p{N}]$/u.test(prev.text) &&
    w.x0 - prev.x1 < wordGap
  )
}

/**
 * A scope operator split in two (`Eigen: :Map`, `Algorithm: :Diff`): `name:` then a word opening
 * with `:` never occurs in prose. Development, second- and third-set corpora: 49 such pairs, 40
 * set `::` in the text layer, none with a space (9 found neither way).
 */
function splitScope(prev: OcrWord, w: OcrWord): boolean {
  return /[\p{L}\p{N}_]:$/u.test(prev.text) && w.text.startsWith(':')
}

/** Abbreviations written with a dot and often followed by a lower-case word. */
const ABBREVIATIONS = new Set(
  (
    'al approx ca cf ch co cor def dr ed eds eq eqs etc ex fig figs inc incl jr ltd max min mr ms ' +
    'no nos pp ref refs resp sec secs signif st std viz vol vols vs'
  ).split(' '),
)

/** The median blank between neighbouring words of a line; null under three words. */
function medianGap(words: OcrWord[]): number | null {
  if (words.length < 3) return null
  const gaps = words
    .slice(1)
    .map((w, k) => w.x0 - words[k]!.x1)
    .sort((a, b) => a - b)
  const mid = gaps.length >> 1
  return gaps.length % 2 ? gaps[mid]! : (gaps[mid - 1]! + gaps[mid]!) / 2
}

/** One word spanning both: the text run together, the lower confidence, both boxes. */
function joined(a: OcrWord, b: OcrWord): OcrWord {
  return {
    text: a.text + b.text,
    confidence: Math.min(a.confidence, b.confidence),
    x0: Math.min(a.x0, b.x0),
    y0: Math.min(a.y0, b.y0),
    x1: Math.max(a.x1, b.x1),
    y1: Math.max(a.y1, b.y1),
  }
}
