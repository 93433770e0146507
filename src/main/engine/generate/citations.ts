import type { Citation } from '@shared/chat-types.js'

export interface CitationMarker {
  start: number
  end: number
  raw: string
  numbers: number[]
}

// [1], [1, 2], [1; 2], [1-3], [Source 2], [sources 1 and 3]. Adjacent markers ([1][3]) match one by one.
const MARKER = /\[\s*(?:sources?\s*)?(\d{1,3}(?:\s*(?:,|;|-|–|and|&)\s*(?:sources?\s*)?\d{1,3})*)\s*\]/gi
/** Ranges longer than this are not citations ("[1-100]" is something else). */
const MAX_RANGE = 20

function parseNumbers(inner: string): number[] | null {
  const out: number[] = []
  const parts = inner.replace(/sources?/gi, '').split(/\s*(?:,|;|and|&)\s*/i)
  for (const part of parts) {
    const range = /^(\d+)\s*[-–]\s*(\d+)$/.exec(part.trim())
    if (range) {
      const a = Number(range[1])
      const b = Number(range[2])
      if (b < a || b - a > MAX_RANGE) return null
      for (let i = a; i <= b; i++) out.push(i)
    } else if (/^\d+$/.test(part.trim())) {
      out.push(Number(part.trim()))
    } else {
      return null
    }
  }
  return out
}

/** Every citation marker in the text, in order. */
export function findCitationMarkers(text: string): CitationMarker[] {
  const markers: CitationMarker[] = []
  for (const m of text.matchAll(MARKER)) {
    // "[3](http://...)" is a Markdown link, not a citation.
    if (text[m.index + m[0].length] === '(') continue
    const numbers = parseNumbers(m[1]!)
    if (!numbers) continue
    markers.push({ start: m.index, end: m.index + m[0].length, raw: m[0], numbers })
  }
  return markers
}

/** Removes all citation markers, for checks that look at the prose alone. */
export function stripCitationMarkers(text: string): string {
  let out = ''
  let at = 0
  for (const m of findCitationMarkers(text)) {
    out += text.slice(at, m.start)
    at = m.end
  }
  return (out + text.slice(at)).replace(/[ \t]+([.,;:!?])/g, '$1')
}

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
