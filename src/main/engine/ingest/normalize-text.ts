// Text repairs applied to every extracted string before it is stored or indexed.
import { foldTypography } from '@shared/typography.js'

// TeX Type 3 fonts without a Unicode map emit ligatures as control characters
// (seen in R vignettes: "In\x1duence", "con\x1cdence"). These positions are the ligature
// slots of TeX's OT1/T1 encodings; mapping them back repairs words like "first" and "effect".
const CONTROL_LIGATURES: Record<string, string> = {
  '\u001b': 'ff',
  '\u001c': 'fi',
  '\u001d': 'fl',
  '\u001e': 'ffi',
  '\u001f': 'ffl',
}

const REPLACEMENTS: [RegExp, string][] = [
  [/\u00ad/g, ''],
  // Remaining C0/C1 controls and private-use glyphs carry no text.
  [/[\u0000-\u0008\u000b\u000c\u000e-\u001a\u007f-\u009f\ue000-\uf8ff]/g, ' '],
]

/**
 * NFKC (ﬁ → fi, full-width → ASCII) plus the repairs above, typographic characters kept: the text
 * as printed. Never changes line structure.
 */
export function cleanText(s: string): string {
  let out = s.replace(/[\u001b-\u001f]/g, (c) => CONTROL_LIGATURES[c] ?? ' ').normalize('NFKC')
  for (const [re, rep] of REPLACEMENTS) out = out.replace(re, rep as string)
  return out
}

/**
 * cleanText() with quotes, dashes and the minus sign as ASCII (shared/typography.ts): the text the
 * layout analysis reads. Same length as cleanText()'s, character for character.
 */
export function normalizeText(s: string): string {
  return foldTypography(cleanText(s))
}
