/**
 * A recognised line's font size, estimated from its word boxes, so chunking's heading rule (a line
 * ≥ 1.12x the body size starts a section) reads OCR pages as it reads text layers.
 *
 * A word's box is its ink, and how tall the ink is depends on the letters: "name" spans the
 * x-height (~0.45 em), "Table" cap height, "typing" ascender to descender (~0.9 em), "f(x)" the
 * brackets' full ~1 em. Taking a line's tallest box as its size (the earlier rule) made a code line
 * full of brackets or a line with one "y" look bigger than a body line of short words, so code and
 * table rows became headings on scans. Dividing each box by the span its letters cover gives every
 * word the same answer — the em size — whatever it spells, in the text layer's unit (pdf.js reports
 * a line's em size too), so OCR and text-layer pages of one document share one body size.
 */

/** How far a character's ink reaches above and below the baseline, in em (typical book faces). */
function inkExtent(ch: string): [top: number, bottom: number] | null {
  if ('acemnorsuvwxz'.includes(ch)) return [0.45, 0]
  if ('gpqy'.includes(ch)) return [0.45, -0.21]
  if (ch === 'j') return [0.67, -0.21]
  if (ch === 'i') return [0.67, 0]
  if (ch === 't') return [0.62, 0]
  if ('bdfhkl'.includes(ch)) return [0.7, 0]
  if (ch === 'Q') return [0.69, -0.1]
  if (ch === 'J') return [0.68, -0.02]
  if (/[A-Z]/.test(ch)) return [0.68, 0]
  if (/[0-9]/.test(ch)) return [0.66, 0]
  if ('()[]{}|'.includes(ch)) return [0.75, -0.25]
  if ('/\\'.includes(ch)) return [0.75, -0.25]
  if (ch === '$') return [0.75, -0.06]
  if ('\'"`!?%&#'.includes(ch)) return [0.7, 0]
  if (ch === '@') return [0.7, -0.1]
  if (ch === ';') return [0.45, -0.19]
  if (ch === ',') return [0.1, -0.19]
  if (ch === '_') return [0, -0.1]
  // Accented letters and anything else: no dependable extent, the word's other letters decide.
  return null
}

/** The em fraction a word's ink spans, or null for a word without a letter or digit (a rule, a dot). */
export function inkSpan(text: string): number | null {
  if (!/[\p{L}\p{N}]/u.test(text)) return null
  let top = -Infinity
  let bottom = Infinity
  for (const ch of text) {
    const e = inkExtent(ch)
    if (!e) continue
    top = Math.max(top, e[0])
    bottom = Math.min(bottom, e[1])
  }
  return top > bottom ? top - bottom : null
}

/**
 * How tall a word's ink is across its lines of text. A word of three or more letters or digits in a
 * box much taller than wide is set sideways (a figure's axis label, a rotated table heading):
 * tesseract reads it but keeps the box as printed, so its height is the word's length (a sideways
 * "Frequency" in a plot made a 3.4x "heading" on scans) and its width is what a line's height is.
 */
export function inkHeight(w: { text: string; width: number; height: number }): number {
  const chars = w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0
  return chars >= 3 && w.height > 1.2 * w.width ? w.width : w.height
}

/**
 * The em size of a line from its words' box heights (any unit; the result is in the same one).
 * Each word's height over its ink span estimates the size; the median keeps out a box that
 * swallowed a superscript or part of the next line, and the words near it are pooled (tall spans
 * count most: a 9-pixel x-height misread by one pixel is 11% off, a 19-pixel full span 5%).
 * Of an even count's two middle estimates the smaller is taken, and the words pooled with it may
 * be 20% smaller but only 15% larger: a box grows with ink that is not the word's letters (an
 * italic f's tail, a bold Q's, a swallowed accent) far more often than it shrinks, and a two-word
 * paragraph heading such as "Model frame" (its f reaching below the baseline) otherwise came out
 * 1.18x the body size and split its section on scans, where the text layer sets it at 1.09x.
 * A line of symbols only falls back to its tallest box as if it spanned a full em.
 */
export function estimateLineSize(words: { text: string; height: number }[]): number {
  const est = words
    .map((w) => ({ h: w.height, span: inkSpan(w.text) }))
    .filter((w): w is { h: number; span: number } => w.span !== null && w.h > 0)
  if (est.length === 0) return Math.max(0, ...words.map((w) => w.height))
  const sizes = est.map((w) => w.h / w.span).sort((a, b) => a - b)
  const median = sizes[(sizes.length - 1) >> 1]!
  const near = est.filter((w) => w.h / w.span >= median * 0.8 && w.h / w.span <= median * 1.15)
  return near.reduce((n, w) => n + w.h, 0) / near.reduce((n, w) => n + w.span, 0)
}
