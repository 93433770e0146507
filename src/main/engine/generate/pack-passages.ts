import type { Citation } from '@shared/chat-types.js'
import type { SearchHit } from '@shared/library-types.js'
import { formatSourceBlock } from './prompt-text.js'
import { estimateTokens } from './token-estimate.js'

export interface PackResult {
  /** Passages that fit, numbered from 1 in rank order. */
  sources: Citation[]
  /** Retrieved passages left out because they did not fit. Never silent: the caller reports them. */
  omitted: SearchHit[]
  /** True when even the top passage was too long and had to be shortened. */
  truncatedTop: boolean
  tokens: number
}

/** Tokens a block costs, including the blank line between blocks. */
function blockTokens(n: number, s: { file: string; pages: number[]; text: string }): number {
  return estimateTokens(formatSourceBlock(n, s)) + 1
}

function toCitation(n: number, hit: SearchHit, text = hit.text): Citation {
  return {
    n,
    chunkId: hit.chunkId,
    documentId: hit.documentId,
    file: hit.file,
    title: hit.title,
    pages: hit.pages,
    text,
    ...(hit.ocr ? { ocr: true } : {}),
  }
}

/**
 * Packs the top passages, in rank order, into `budget` tokens. Stops at the first passage that does
 * not fit rather than skipping to smaller ones, so the model always sees the best-ranked prefix.
 * If not even the top passage fits, it goes in shortened (and the caller says so).
 */
export function packPassages(hits: SearchHit[], budget: number): PackResult {
  const sources: Citation[] = []
  let tokens = 0
  for (const hit of hits) {
    const n = sources.length + 1
    const cost = blockTokens(n, hit)
    if (tokens + cost > budget) break
    sources.push(toCitation(n, hit))
    tokens += cost
  }
  if (sources.length > 0 || hits.length === 0) {
    return { sources, omitted: hits.slice(sources.length), truncatedTop: false, tokens }
  }
  const top = hits[0]!
  const text = shortenToFit(top, budget)
  if (text === null) return { sources: [], omitted: hits, truncatedTop: false, tokens: 0 }
  const citation = toCitation(1, top, text)
  return { sources: [citation], omitted: hits.slice(1), truncatedTop: true, tokens: blockTokens(1, citation) }
}

/** The longest word-boundary prefix of the passage (marked with an ellipsis) that fits, or null. */
function shortenToFit(hit: SearchHit, budget: number): string | null {
  const fits = (chars: number) => blockTokens(1, { ...hit, text: cut(hit.text, chars) }) <= budget
  let lo = 0
  let hi = hit.text.length
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (fits(mid)) lo = mid
    else hi = mid - 1
  }
  const text = cut(hit.text, lo)
  // A handful of words is no passage at all.
  return text.length >= 40 ? text : null
}

function cut(text: string, chars: number): string {
  if (chars >= text.length) return text
  const head = text.slice(0, chars)
  const atWord = head.replace(/\s+\S*$/, '')
  return `${atWord.length > chars / 2 ? atWord : head} …`
}
