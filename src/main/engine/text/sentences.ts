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
 * A sentence end: . ! ? (closing quotes and brackets with it), any citation markers right after
 * it, then white space (line breaks too) before a capital, digit, quote or bracket.
 */
const SENTENCE_END = /([.!?]["'”’)\]]*)((?:\s*\[[^\]]{1,20}\])*)\s+(?=["'“([]?[\p{Lu}\d])/gu

/**
 * Where the sentences of one run of prose end: offsets just past each sentence end and the white
 * space after it (so the next sentence starts there). Decimals ("4.5"), common abbreviations
 * ("e.g.", "Fig."), initials ("J. Smith") and a numbered list item's number ("2.") do not end a
 * sentence. The one rule for sentences in Quire: chunking packs these sentences into chunks, and
 * answers trim and highlight passages by them, so both sides agree on what a sentence is.
 */
export function sentenceBreaks(text: string): number[] {
  const out: number[] = []
  let start = 0
  for (const m of text.matchAll(SENTENCE_END)) {
    const end = m.index + m[0].length
    const before = text.slice(start, m.index)
    const lastWord =
      /(\S+)$/
        .exec(before)?.[1]
        ?.toLowerCase()
        .replace(/^[("'“]+/, '') ?? ''
    if (m[1]!.startsWith('.') && (ABBREVIATIONS.has(lastWord) || /^\p{L}$/u.test(lastWord))) continue
    // "2. In 2023 …" is a numbered list item, not a sentence "2."
    if (/^(?:[-*•]\s*)?\d+$/.test(before.trim())) continue
    out.push(end)
    start = end
  }
  return out
}

/**
 * Splits prose into sentences (sentenceBreaks), also at blank lines and list items, and after a
 * heading line. A citation marker right after the full stop stays with its sentence.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = []
  const blocks = text.split(/\n\s*\n|\n(?=\s*(?:[-*•]|\d+[.)])\s)/).flatMap((b) => b.split(AFTER_HEADING))
  for (const block of blocks) {
    const flat = block.replace(/\s+/g, ' ').trim()
    if (!flat) continue
    let start = 0
    for (const end of [...sentenceBreaks(flat), flat.length]) {
      const s = flat.slice(start, end).trim()
      if (s) out.push(s)
      start = end
    }
  }
  return out
}
