/** Abbreviations whose period does not end a sentence (lowercased, without the period). */
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'cf',
  'fig',
  'figs',
  'no',
  'nos',
  'p',
  'pp',
  'vol',
  'approx',
  'ca',
  'dr',
  'mr',
  'mrs',
  'ms',
  'prof',
  'inc',
  'ltd',
  'co',
  'corp',
  'st',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'art',
  'sec',
  'para',
  'eq',
  'al',
  'est',
  'tab',
])

/**
 * A line break after a short line with no closing punctuation, before a capital or digit: the
 * line is a heading ("12 Production") and the next one starts the text under it.
 */
const AFTER_HEADING = /(?<=^[^\n]{1,80}[^\s.!?:;,])\n(?=\s*[\p{Lu}\d])/mu

/**
 * Splits prose into sentences: at . ! ? followed by space and a capital, digit, quote or bracket,
 * at blank lines and list items, and after a heading line. Decimals ("4.5") and common
 * abbreviations do not split. A citation marker right after the full stop stays with its sentence.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = []
  const blocks = text.split(/\n\s*\n|\n(?=\s*(?:[-*•]|\d+[.)])\s)/).flatMap((b) => b.split(AFTER_HEADING))
  for (const block of blocks) {
    const flat = block.replace(/\s+/g, ' ').trim()
    if (!flat) continue
    let start = 0
    const re = /([.!?]["'”’)]*)((?:\s*\[[^\]]{1,20}\])*)\s+(?=["'“([]?[\p{Lu}\d])/gu
    for (const m of flat.matchAll(re)) {
      const end = m.index + m[0].length
      const before = flat.slice(start, m.index)
      const lastWord =
        /(\S+)$/
          .exec(before)?.[1]
          ?.toLowerCase()
          .replace(/^[("'“]+/, '') ?? ''
      if (m[1]!.startsWith('.') && (ABBREVIATIONS.has(lastWord) || /^\p{L}$/u.test(lastWord))) continue
      // "2. In 2023 …" is a numbered list item, not a sentence "2."
      if (/^(?:[-*•]\s*)?\d+$/.test(before.trim())) continue
      out.push(flat.slice(start, end).trim())
      start = end
    }
    const rest = flat.slice(start).trim()
    if (rest) out.push(rest)
  }
  return out
}
