import type { QuestionAnalysis, Vocabulary } from './analyse-question.js'
import type { FusedChunk } from './fuse-candidates.js'
import type { ChunkRow } from './gather-candidates.js'
import { stopwordStems } from './query-terms.js'
import type { ChunkEvidence } from './score-evidence.js'
import type { Tuning } from './tuning.js'
import { chunkStems } from '../text/identifier-parts.js'

/** A word the best passages use that the question did not, with its share of the feedback (sums to 1). */
export interface FeedbackTerm {
  stem: string
  weight: number
}

/**
 * Pseudo-relevance feedback (RM3, Abdul-Jaleel et al. 2004; Lavrenko and Croft's relevance model):
 * the words the first `feedbackDocs` passages of the ranking use most, weighted by those passages'
 * scores and by rarity in the library, stand for what the asker paraphrased. Only words the
 * question lacks, no function words or bare numbers.
 */
export function feedbackTerms(
  q: QuestionAnalysis,
  fused: FusedChunk[],
  vocab: Vocabulary,
  T: Tuning,
): FeedbackTerm[] {
  const top = fused.slice(0, T.feedbackDocs)
  const total = top.reduce((s, c) => s + c.score, 0)
  if (total <= 0) return []
  const own = new Set([...q.terms, ...q.contextTerms].map((t) => t.stem))
  const stop = stopwordStems()
  const relevance = new Map<string, number>()
  for (const c of top) {
    const stems = chunkStems(c.row.stems, c.row.text)
    if (stems.length === 0) continue
    const share = c.score / total / stems.length
    for (const s of stems) {
      if (own.has(s) || stop.has(s) || s.length < 3 || /^\d+$/.test(s)) continue
      relevance.set(s, (relevance.get(s) ?? 0) + share)
    }
  }
  const n = Math.max(1, vocab.chunkCount())
  // The relevance model's most likely words first; only those are looked up in the vocabulary.
  const scored = [...relevance]
    .sort((a, b) => b[1] - a[1])
    .slice(0, T.feedbackTerms * 3)
    .map(([stem, p]) => {
      const df = vocab.documentFrequency(stem)
      return { stem, weight: p * Math.log(1 + (n - df + 0.5) / (df + 0.5)) }
    })
    .sort((a, b) => b.weight - a.weight)
    .slice(0, T.feedbackTerms)
  const sum = scored.reduce((s, t) => s + t.weight, 0)
  return sum > 0 ? scored.map((t) => ({ stem: t.stem, weight: t.weight / sum })) : []
}

/**
 * Every candidate's evidence with `wFeedback` times the share of the feedback words it holds
 * added to its score (coverage, which decides declining, is left as the question's own).
 */
export function withFeedback(
  evidence: Map<number, ChunkEvidence>,
  rows: ChunkRow[],
  terms: FeedbackTerm[],
  T: Tuning,
): Map<number, ChunkEvidence> {
  if (terms.length === 0) return evidence
  const out = new Map<number, ChunkEvidence>()
  for (const r of rows) {
    const e = evidence.get(r.id)
    if (!e) continue
    const stems = new Set(chunkStems(r.stems, r.text))
    const got = terms.reduce((s, t) => s + (stems.has(t.stem) ? t.weight : 0), 0)
    out.set(r.id, { ...e, score: e.score + T.wFeedback * got })
  }
  return out
}
