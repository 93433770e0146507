// The summary as an answer: one line per sentence, each ending with its citations numbered as an
// answer's are ([1], [2]…, in order of first use), and the cited chunks as the answer's citations,
// so the conversation, Copy, export and `ask --json` treat it like any other answer.
import type { Citation } from '@shared/chat-types.js'
import type { SummarySubject } from '../store/document-chunks.js'
import type { SummarySentence } from '../store/section-summaries.js'

export interface SummaryAnswer {
  text: string
  citations: Citation[]
}

export function summaryAnswer(doc: SummarySubject, sentences: SummarySentence[]): SummaryAnswer {
  const byOrd = new Map(doc.chunks.map((c) => [c.ord, c]))
  const numberOf = new Map<number, number>()
  const citations: Citation[] = []
  const lines: string[] = []
  for (const s of sentences) {
    const numbers: number[] = []
    for (const ord of s.ords) {
      const chunk = byOrd.get(ord)
      if (!chunk) continue
      let n = numberOf.get(ord)
      if (n === undefined) {
        n = citations.length + 1
        numberOf.set(ord, n)
        citations.push({
          n,
          chunkId: chunk.id,
          documentId: doc.id,
          file: doc.path,
          title: doc.title,
          pages: chunk.pages,
          ...(chunk.locator ? { locator: chunk.locator } : {}),
          text: chunk.text,
          ...(chunk.ocr ? { ocr: true } : {}),
        })
      }
      numbers.push(n)
    }
    if (!numbers.length) continue
    const body = s.text.replace(/\s+/g, ' ').trim()
    const end = /[.!?]$/.exec(body)?.[0] ?? '.'
    const words = body.replace(/[.!?]+$/, '')
    lines.push(`- ${words} ${numbers.map((n) => `[${n}]`).join('')}${end}`)
  }
  return { text: lines.join('\n'), citations }
}
