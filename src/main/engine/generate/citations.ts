import type { Citation } from '@shared/chat-types.js'
import { findCitationMarkers } from '@shared/citation-markers.js'

export interface ResolvedCitations {
  /** The answer with citations to never-provided sources removed. */
  answer: string
  /** Provided sources the answer cites, in number order. */
  citations: Citation[]
  /** Numbers cited that match no provided source, in order of first use. */
  invalid: number[]
}

/** Maps [n] markers to the provided sources; drops (and reports) the ones that point nowhere. */
export function resolveCitations(text: string, sources: Citation[]): ResolvedCitations {
  const byN = new Map(sources.map((s) => [s.n, s]))
  const cited = new Set<number>()
  const invalid: number[] = []
  let answer = ''
  let at = 0
  for (const m of findCitationMarkers(text)) {
    const valid = m.numbers.filter((n) => byN.has(n))
    for (const n of m.numbers) {
      if (byN.has(n)) cited.add(n)
      else if (!invalid.includes(n)) invalid.push(n)
    }
    if (valid.length === m.numbers.length) continue
    let before = text.slice(at, m.start)
    // Take the space before a marker that disappears with it, so no "word ." remains.
    if (valid.length === 0) before = before.replace(/[ \t]+$/, '')
    answer += before + (valid.length ? `[${[...new Set(valid)].join(', ')}]` : '')
    at = m.end
  }
  answer += text.slice(at)
  const citations = [...cited].sort((a, b) => a - b).map((n) => byN.get(n)!)
  return { answer, citations, invalid }
}
