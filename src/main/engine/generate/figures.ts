import type { Citation, UnsupportedFigure } from '@shared/chat-types.js'
import { findCitationMarkers, stripCitationMarkers } from '@shared/citation-markers.js'
import { splitSentences } from '../text/sentences.js'

// A figure: digits with optional thousands separators and decimals. Not when glued to a letter
// before it ("Q3", "COVID-19", "H2O"): those are names, not quantities.
const FIGURE =
  /(?<![\p{L}\d.,]|\p{L}-)\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\d)|(?<![\p{L}\d.,]|\p{L}-)\d+(?:\.\d+)?(?![\d])/gu

const NUMBER_WORDS: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
  twenty: '20',
  thirty: '30',
  forty: '40',
  fifty: '50',
  sixty: '60',
  seventy: '70',
  eighty: '80',
  ninety: '90',
  hundred: '100',
  thousand: '1000',
  dozen: '12',
  first: '1',
  second: '2',
  third: '3',
  fourth: '4',
  fifth: '5',
  half: '50',
}

/** "1,200.50" → "1200.5": the same quantity written differently compares equal. */
export function normalizeFigure(raw: string): string {
  let s = raw.replace(/,/g, '')
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '')
  s = s.replace(/^0+(?=\d)/, '')
  return s
}

export function extractFigures(text: string): string[] {
  return [...text.matchAll(FIGURE)].map((m) => m[0])
}

/** Every figure a passage supports: its numbers, number words, and the pages it sits on. */
function supportedFigures(sources: Citation[]): Set<string> {
  const set = new Set<string>()
  for (const s of sources) {
    for (const f of extractFigures(s.text)) set.add(normalizeFigure(f))
    // "1.2 million" in a source also supports "1.2"; "12 percent" supports "12".
    for (const w of s.text.toLowerCase().match(/\p{L}+/gu) ?? []) {
      const v = NUMBER_WORDS[w]
      if (v) set.add(v)
    }
    for (const p of s.pages) set.add(String(p))
  }
  return set
}

/**
 * Finds numbers in the answer that appear in none of the passages the sentence cites. A sentence
 * without citations is checked against what its paragraph cites, then the whole answer's citations,
 * then every provided source. Analysts care most about wrong figures, so this errs towards flagging.
 */
export function findUnsupportedFigures(answer: string, sources: Citation[]): UnsupportedFigure[] {
  const byN = new Map(sources.map((s) => [s.n, s]))
  const citedIn = (text: string) =>
    [...new Set(findCitationMarkers(text).flatMap((m) => m.numbers))].filter((n) => byN.has(n))
  const answerCited = citedIn(answer)
  const flagged: UnsupportedFigure[] = []
  const seen = new Set<string>()
  for (const paragraph of answer.split(/\n\s*\n/)) {
    const paragraphCited = citedIn(paragraph)
    for (const sentence of splitSentences(paragraph)) {
      const sentenceCited = citedIn(sentence)
      const pool = [sentenceCited, paragraphCited, answerCited].find((c) => c.length > 0) ?? [...byN.keys()]
      const supported = supportedFigures(pool.map((n) => byN.get(n)!))
      // Numbered-list markers ("1. ", "2) ") are layout, not figures.
      const prose = stripCitationMarkers(sentence).replace(/^\s*(?:[-*•]\s*)?\d+[.)]\s+/, '')
      for (const figure of extractFigures(prose)) {
        const key = `${normalizeFigure(figure)}|${sentence}`
        if (supported.has(normalizeFigure(figure)) || seen.has(key)) continue
        seen.add(key)
        flagged.push({
          figure,
          sentence: stripCitationMarkers(sentence).trim(),
          checkedAgainst: [...pool].sort((a, b) => a - b),
        })
      }
    }
  }
  return flagged
}
