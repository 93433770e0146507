// The citation-marker grammar, in one place for the engine (which checks and stores answers) and
// the renderer (which draws each marker as a chip): every form the engine accepts is a chip.
// [1], [1, 2], [1; 2], [1-3], [Source 2], [sources 1 and 3]. Adjacent markers ([1][3]) match one by one.

export interface CitationMarker {
  start: number
  end: number
  raw: string
  numbers: number[]
}

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

export type AnswerSegment = { kind: 'text'; text: string } | { kind: 'cite'; n: number }

/** Answer text as plain runs and one `cite` segment per cited number, in reading order. */
export function answerSegments(text: string): AnswerSegment[] {
  const out: AnswerSegment[] = []
  let last = 0
  for (const m of findCitationMarkers(text)) {
    if (m.start > last) out.push({ kind: 'text', text: text.slice(last, m.start) })
    for (const n of m.numbers) out.push({ kind: 'cite', n })
    last = m.end
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) })
  return out
}
