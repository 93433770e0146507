import type { Citation } from '@shared/chat-types.js'
import type { SearchHit } from '@shared/library-types.js'
import { formatSourceBlock } from './prompt-text.js'
import { estimateTokens } from './token-estimate.js'
import { trimPassage } from './trim-passage.js'

export interface PackResult {
  /** Passages that fit, numbered from 1 in rank order. */
  sources: Citation[]
  /** Retrieved passages left out because they did not fit. Never silent: the caller reports them. */
  omitted: SearchHit[]
  /** True when even the top passage was too long and had to be shortened. */
  truncatedTop: boolean
  tokens: number
  /** The prompt text of each packed source, in order (a trimmed passage's relevant sentences). */
  blocks: string[]
  /** Sources given to the model as their most relevant sentences rather than whole. */
  trimmed: number
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
    ...(hit.locator ? { locator: hit.locator } : {}),
    text,
    ...(hit.ocr ? { ocr: true } : {}),
    ...(hit.alsoIn ? { alsoIn: hit.alsoIn } : {}),
  }
}

/**
 * Packs the top passages, in rank order, into `budget` tokens. When they do not all fit whole and
 * a question is given, every passage is trimmed to its most relevant sentences with their
 * neighbours (trim-passage) before any whole source is dropped: small laptop models (2k–8k tokens)
 * then still see four or more sources. Stops at the first passage that does not fit rather than
 * skipping to smaller ones, so the model always sees the best-ranked prefix. If not even the top
 * passage fits, it goes in shortened (and the caller says so). Citations keep the whole passage
 * text (the viewer highlights it); only the prompt blocks are trimmed.
 */
export function packPassages(hits: SearchHit[], budget: number, question?: string): PackResult {
  const whole = packInOrder(hits, budget, (_n, hit) => hit.text)
  if (whole.omitted.length === 0 || question === undefined) return withTop(whole, hits, budget)
  const trimmed = packInOrder(hits, budget, (n, hit) => trimPassage(question, toCitation(n, hit)))
  // Trimming is only worth it when it lets more sources in.
  if (trimmed.sources.length <= whole.sources.length) return withTop(whole, hits, budget)
  const count = trimmed.sources.filter((s, i) => trimmed.blocks[i] !== formatSourceBlock(s.n, s)).length
  return { ...trimmed, trimmed: count }
}

function packInOrder(
  hits: SearchHit[],
  budget: number,
  promptText: (n: number, hit: SearchHit) => string,
): PackResult {
  const sources: Citation[] = []
  const blocks: string[] = []
  let tokens = 0
  for (const hit of hits) {
    const n = sources.length + 1
    const block = formatSourceBlock(n, { ...hit, text: promptText(n, hit) })
    const cost = estimateTokens(block) + 1
    if (tokens + cost > budget) break
    sources.push(toCitation(n, hit))
    blocks.push(block)
    tokens += cost
  }
  return { sources, blocks, omitted: hits.slice(sources.length), truncatedTop: false, tokens, trimmed: 0 }
}

function withTop(packed: PackResult, hits: SearchHit[], budget: number): PackResult {
  if (packed.sources.length > 0 || hits.length === 0) return packed
  const top = hits[0]!
  const text = shortenToFit(top, budget)
  if (text === null) return { ...packed, sources: [], blocks: [], omitted: hits, tokens: 0 }
  const citation = toCitation(1, top, text)
  return {
    sources: [citation],
    blocks: [formatSourceBlock(1, citation)],
    omitted: hits.slice(1),
    truncatedTop: true,
    tokens: blockTokens(1, citation),
    trimmed: 0,
  }
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
