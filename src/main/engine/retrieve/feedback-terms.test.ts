import { describe, expect, it } from 'vitest'
import { analyseQuestion, type Vocabulary } from './analyse-question.js'
import { feedbackTerms, withFeedback } from './feedback-terms.js'
import type { ChunkRow } from './gather-candidates.js'
import { stem, tokenize } from './query-terms.js'
import type { ChunkEvidence } from './score-evidence.js'
import { tuningWith } from './tuning.js'

/** A library vocabulary over a few passages, counted the way FTS5's porter tokenizer does. */
function vocabulary(passages: string[]): Vocabulary {
  const df = new Map<string, number>()
  for (const p of passages) for (const s of new Set(tokenize(p).map(stem))) df.set(s, (df.get(s) ?? 0) + 1)
  return { documentFrequency: (w) => df.get(w) ?? 0, chunkCount: () => passages.length }
}

const texts = [
  'To glue strings together use concatenation: paste0 performs the concatenation of strings.',
  'String concatenation with paste0 joins the strings without a separator.',
  'Numbers are printed with print and format.',
  'The concatenation operator of the shell language.',
]
const rows: ChunkRow[] = texts.map((text, i) => ({
  id: i + 1,
  document_id: 1,
  heading: null,
  text,
  stems: tokenize(text).map(stem).join(' '),
  ord: i,
  page_start: i + 1,
  page_end: i + 1,
  format: 'pdf',
  locator: null,
  ocr: 0,
  path: 'manual.pdf',
  title: 'Manual',
}))
const vocab = vocabulary(texts)
const match = { coverage: 0, local: 0, score: 0, matched: [], matchedStems: new Set<string>() }
const evidence = new Map<number, ChunkEvidence>(
  rows.map((r) => [r.id, { match, coverage: 0, score: 1, documentCoverage: 0 }]),
)

describe('feedbackTerms (RM3)', () => {
  const T = tuningWith({ wFeedback: 0.5, feedbackDocs: 2, feedbackTerms: 3 })
  const q = analyseQuestion('How do I glue strings together?', [], vocab, T)
  const fused = [rows[0]!, rows[1]!, rows[2]!, rows[3]!].map((row, i) => ({ row, score: 1 / (i + 1) }))

  it("takes the first passages' words the question lacks, weights summing to 1", () => {
    const terms = feedbackTerms(q, fused, vocab, T)
    const stems = terms.map((t) => t.stem)
    expect(stems).toContain(stem('concatenation'))
    expect(stems).not.toContain(stem('strings'))
    expect(stems).not.toContain('the')
    expect(terms.length).toBeLessThanOrEqual(3)
    expect(terms.reduce((s, t) => s + t.weight, 0)).toBeCloseTo(1)
  })

  it('raises the candidates that hold the feedback words, and leaves coverage alone', () => {
    const out = withFeedback(evidence, rows, feedbackTerms(q, fused, vocab, T), T)
    expect(out.get(4)!.score).toBeGreaterThan(out.get(3)!.score)
    expect(out.get(3)!.score).toBe(1)
    expect(out.get(4)!.coverage).toBe(0)
  })
})
