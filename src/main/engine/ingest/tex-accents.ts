// TeX sets an accented letter as two glyphs, the accent first and the letter under it, and pdf.js
// gives them as they come: "Molli´" then "e", "Universit¨at". NFKC then makes the spacing accent a
// space and a combining mark ("Molli ́e"), which splits the word and matches no one's spelling of
// it: "Mollié", "Universität", "Gómez" could not be searched. The accent is moved after its letter,
// where Unicode wants it, and NFKC composes the two ("é").

/** Spacing accents TeX puts before a letter, as the combining mark each stands for. */
const COMBINING: Record<string, string> = {
  '\u00a8': '\u0308', // ¨ diaeresis: ä ö ü ë
  '\u00b4': '\u0301', // ´ acute: é á ó
  '\u00b8': '\u0327', // ¸ cedilla: ç
  '\u02c7': '\u030c', // ˇ caron: č ř š ž
  '\u02da': '\u030a', // ˚ ring: å
  '\u02dd': '\u030b', // ˝ double acute: ő ű
  '\u02dc': '\u0303', // ˜ tilde: ñ ã õ (only those: a tilde over other letters is mathematics)
}
const TILDE_LETTERS = /^[nNaAoO]$/

/**
 * The letter with the accent, as one character, or null when Unicode has no such letter. `after`
 * is what follows the letter: an acute typed as an apostrophe ("study´s", "don´t") is left.
 */
function accented(accent: string, letter: string, after: string): string | null {
  if (accent === '\u02dc' && !TILDE_LETTERS.test(letter)) return null
  if (accent === '\u00b4' && /^[st]$/.test(letter) && !/^\p{L}/u.test(after)) return null
  const one = (letter + COMBINING[accent]!).normalize('NFC')
  // A mark over a letter that has no precomposed form (x̄, r̃) is mathematics, not a word's letter.
  return [...one].length === 1 ? one : null
}

const ACCENT_THEN_LETTER = new RegExp(`([${Object.keys(COMBINING).join('')}])(\\p{L})`, 'gu')

/**
 * The strings of one line's text items with each TeX accent joined to the letter after it, within
 * an item or across two (the accent ending one item, the letter opening the next). An item left
 * empty by the move stays, empty: the item list keeps its length and order.
 */
export function attachTexAccents(strs: string[]): string[] {
  const out = strs.map((s) =>
    s.replace(
      ACCENT_THEN_LETTER,
      (m, a: string, l: string, at: number) => accented(a, l, s.slice(at + m.length)) ?? m,
    ),
  )
  for (let i = 0; i + 1 < out.length; i++) {
    const s = out[i]!
    const accent = s.at(-1)
    if (accent === undefined || !(accent in COMBINING)) continue
    const next = out[i + 1]!
    const letter = [...next][0]
    if (letter === undefined || !/\p{L}/u.test(letter)) continue
    const joined = accented(accent, letter, next.slice(letter.length) || (out[i + 2] ?? ''))
    if (joined === null) continue
    out[i] = s.slice(0, -1)
    out[i + 1] = joined + next.slice(letter.length)
  }
  return out
}
