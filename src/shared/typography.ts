// The typographic characters a document prints where a keyboard types ASCII: curly quotes and
// primes, dashes, the minus sign, the tilde operator. Passages keep them as printed (a quote or a
// negative number reads as in the document); the PDF's layout analysis, and the renderer when it
// finds a passage on its page, compare text with them folded. One rule for both sides.

const FOLDS: [RegExp, string][] = [
  [/[\u2018\u2019\u201a\u2032]/g, "'"],
  [/[\u201c\u201d\u201e\u2033]/g, '"'],
  [/[\u2010\u2011\u2012\u2013\u2014\u2212]/g, '-'],
  [/\u223c/g, '~'],
]

/** The characters foldTypography() changes: a quick test before folding or restoring anything. */
export const TYPOGRAPHIC = /[\u2018\u2019\u201a\u2032\u201c\u201d\u201e\u2033\u2010-\u2014\u2212\u223c]/

/** Each typographic character as its ASCII stand-in, one character for one: lengths and offsets keep. */
export function foldTypography(s: string): string {
  if (!TYPOGRAPHIC.test(s)) return s
  let out = s
  for (const [re, rep] of FOLDS) out = out.replace(re, rep)
  return out
}
