// Splits answer text into plain runs and citation markers ("[1]", "[1, 2]", "[1][3]") so each
// marker renders as a chip next to the claim it supports.

export type AnswerSegment = { kind: 'text'; text: string } | { kind: 'cite'; n: number }

const MARKER = /\[(\d+(?:\s*[,;]\s*\d+)*)\]/g

export function answerSegments(text: string): AnswerSegment[] {
  const out: AnswerSegment[] = []
  let last = 0
  for (const m of text.matchAll(MARKER)) {
    const at = m.index ?? 0
    if (at > last) out.push({ kind: 'text', text: text.slice(last, at) })
    for (const n of m[1]!.split(/[,;]/)) out.push({ kind: 'cite', n: Number(n.trim()) })
    last = at + m[0].length
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) })
  return out
}
