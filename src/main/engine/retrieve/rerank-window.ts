// What the cross-encoder reads of a long passage. It reads each pair up to its word-piece cap
// (cross-encoder.ts RERANK_MAX_TOKENS, 96: as long as an MS MARCO training pair) and cuts the
// rest; most passages are longer (on the evaluation pool a passage is 175 words, 1.7 word pieces a
// word). Cutting at the end keeps the passage's start, which need not be where it answers: the
// first stage found it by the question's words, wherever they are. So a passage longer than the cap
// is read from the window of that many words holding the most of the question's terms (weighed by
// IDF, as the first stage weighs them); the earliest such window wins ties, so a passage that names
// the question's terms early is read from its start, as before.
import { cachedStem, tokenize } from '../text/tokens.js'
import type { WeightedTerm } from './lexical-score.js'

/** Word pieces per word of the pool's passages (BERT uncased WordPiece over the seven sets). */
export const PIECES_PER_WORD = 1.7
/** [CLS] question [SEP] passage [SEP]. */
const SPECIAL_PIECES = 3

/** How many words of passage text fit in a pair of `maxTokens` pieces after the question and the header. */
export function windowWords(maxTokens: number, question: string, header: string): number {
  const used = SPECIAL_PIECES + (wordCount(question) + wordCount(header)) * PIECES_PER_WORD
  return Math.max(16, Math.floor((maxTokens - used) / PIECES_PER_WORD))
}

/**
 * The part of `text` the cross-encoder should read: all of it when it fits `words` or its start
 * is among the best windows, else the `words`-word window with the most IDF of the question's terms
 * (distinct terms, each counted once), marked with "…" where text was left out before it.
 */
export function focusWindow(text: string, terms: readonly WeightedTerm[], words: number): string {
  const tokens = text.split(/\s+/).filter(Boolean)
  if (tokens.length <= words || terms.length === 0) return text
  const idf = new Map(terms.map((t) => [t.stem, t.idf]))
  // Each word's question terms (a word like "tomato-plants" can hold two).
  const hits = tokens.map((w) => [...new Set(tokenize(w).map(cachedStem))].filter((s) => idf.has(s)))
  const inWindow = new Map<string, number>()
  let score = 0
  const add = (stems: string[], by: 1 | -1) => {
    for (const s of stems) {
      const before = inWindow.get(s) ?? 0
      inWindow.set(s, before + by)
      if (before === 0 && by === 1) score += idf.get(s)!
      if (before === 1 && by === -1) score -= idf.get(s)!
    }
  }
  for (let i = 0; i < words; i++) add(hits[i]!, 1)
  // The best windows make a run of starts (the same terms, from at the window's end to at its
  // start): read the middle of the first run, so the words around the terms come with them.
  let first = 0
  let last = 0
  let bestScore = score
  let inRun = true
  for (let start = 1; start + words <= tokens.length; start++) {
    add(hits[start - 1]!, -1)
    add(hits[start + words - 1]!, 1)
    // A margin for float sums; a later window must be strictly better, so ties keep the earlier run.
    if (score > bestScore + 1e-9) {
      first = last = start
      bestScore = score
      inRun = true
    } else if (inRun && score > bestScore - 1e-9) last = start
    else inRun = false
  }
  if (first === 0) return text
  const start = Math.floor((first + last) / 2)
  return `… ${tokens.slice(start, start + words).join(' ')}`
}

function wordCount(s: string): number {
  return s.split(/\s+/).filter(Boolean).length
}
