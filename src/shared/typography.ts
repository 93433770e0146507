// The typographic characters a document prints where a keyboard types ASCII: curly quotes and
// primes, dashes, the minus sign, the tilde operator. Passages keep them as printed (a quote or a
// negative number reads as in the document); the PDF's layout analysis, and the renderer when it
// finds a passage on its page, compare text with them folded. One rule for both sides.

/** Each ASCII stand-in and the characters folded to it. */
const FOLDS: Record<string, string> = {
  "'": '\u2018\u2019\u201a\u2032',
  '"': '\u201c\u201d\u201e\u2033',
  '-': '\u2010\u2011\u2012\u2013\u2014\u2212',
  '~': '\u223c',
}

const STAND_IN_OF = new Map(
  Object.entries(FOLDS).flatMap(([ascii, chars]) => [...chars].map((c) => [c, ascii] as const)),
)

/** A regular-expression character class of the given characters. */
const classOf = (chars: string) => `[${chars.replace(/[-\\\]^]/g, '\\$&')}]`

/** The characters foldTypography() changes: a quick test before folding or restoring anything. */
export const TYPOGRAPHIC = new RegExp(classOf(Object.values(FOLDS).join('')))
const EVERY_TYPOGRAPHIC = new RegExp(TYPOGRAPHIC.source, 'g')

/** A word holding one of the ASCII stand-ins foldTypography() writes ("-5", "'<'", "MHz-4"). */
export const FOLDED_WORD = new RegExp(`\\S*${classOf(Object.keys(FOLDS).join(''))}\\S*`, 'g')

/** Each typographic character as its ASCII stand-in, one character for one: lengths and offsets keep. */
export function foldTypography(s: string): string {
  return TYPOGRAPHIC.test(s) ? s.replace(EVERY_TYPOGRAPHIC, (c) => STAND_IN_OF.get(c)!) : s
}
