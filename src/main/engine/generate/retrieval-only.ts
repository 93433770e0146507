import type { Citation } from '@shared/chat-types.js'
import type { SearchHit } from '@shared/library-types.js'
import { passageStems } from '../text/tokens.js'
import { queryTerms } from '../retrieve/query-terms.js'
import { splitSentences } from '../text/sentences.js'
import { resolveCitations } from './citations.js'

export interface ScoredSentence {
  sentence: string
  /** Source number the sentence comes from. */
  n: number
  score: number
}

const MAX_SENTENCE_CHARS = 320

/**
 * The sentences of the given passages most likely to hold the answer, best first. Scores count the
 * question's content words in each sentence, weighting rare words (IDF over the candidate sentences)
 * so "revenue" outweighs "company"; a figure question favours sentences with numbers; ties go to
 * the better-ranked passage.
 */
export function bestSentences(
  question: string,
  sources: Citation[],
  max = 3,
  opts: { clip?: boolean } = {},
): ScoredSentence[] {
  // The same tokenising, stopwords and Porter stems as retrieval, so both agree on what was asked.
  const terms = queryTerms(question).map((t) => t.stem)
  if (terms.length === 0) return []
  const candidates = sources.flatMap((s) =>
    splitSentences(s.text).map((sentence, i) => ({
      sentence,
      n: s.n,
      order: i,
      words: new Set(passageStems(sentence)),
    })),
  )
  const df = new Map(terms.map((t) => [t, candidates.filter((c) => c.words.has(t)).length]))
  const wantsFigure = asksForFigure(question)
  const scored = candidates
    .map((c) => {
      let score = 0
      for (const t of terms)
        if (c.words.has(t)) score += 1 + Math.log((candidates.length + 1) / (df.get(t)! + 1))
      if (score > 0 && wantsFigure && /\d/.test(c.sentence)) score += 0.5
      const wordCount = c.sentence.split(/\s+/).length
      if (wordCount < 4) score *= 0.5
      return { sentence: c.sentence, n: c.n, score: score - 0.01 * (c.n - 1) - 0.001 * c.order }
    })
    .filter((c) => c.score > 0.1)
    .sort((a, b) => b.score - a.score)
  const picked: ScoredSentence[] = []
  for (const c of scored) {
    if (picked.some((p) => p.sentence === c.sentence)) continue
    picked.push({ ...c, sentence: opts.clip === false ? c.sentence : clip(c.sentence) })
    if (picked.length >= max) break
  }
  return picked
}

/** The question asks for a quantity, date or amount: sentences with numbers are more likely answers. */
export function asksForFigure(question: string): boolean {
  return /\b(how (much|many|long|large|big|often|far)|what (percentage|share|proportion|amount|number|year|date)|when|total|rate|cost|price|revenue|budget)\b/i.test(
    question,
  )
}

function clip(sentence: string): string {
  if (sentence.length <= MAX_SENTENCE_CHARS) return sentence
  return sentence.slice(0, MAX_SENTENCE_CHARS).replace(/\s+\S*$/, '') + ' …'
}

export function hitsToSources(hits: SearchHit[]): Citation[] {
  return hits.map((h, i) => ({
    n: i + 1,
    chunkId: h.chunkId,
    documentId: h.documentId,
    file: h.file,
    title: h.title,
    pages: h.pages,
    ...(h.locator ? { locator: h.locator } : {}),
    text: h.text,
    ...(h.alsoIn ? { alsoIn: h.alsoIn } : {}),
  }))
}

export interface FallbackAnswer {
  answer: string
  sources: Citation[]
  citations: Citation[]
}

/**
 * The answer when the model cannot be used: the best passages with citations, the sentences most
 * likely to hold the answer, and one line on what is wrong with Ollama and how to fix it.
 */
export function retrievalOnlyAnswer(
  question: string,
  hits: SearchHit[],
  opts: { passages?: number; sentences?: number; doubt?: string | null } = {},
): FallbackAnswer {
  const found = hitsToSources(hits.slice(0, opts.passages ?? 5))
  const best = bestSentences(question, found, opts.sentences ?? 3, { clip: false })
  // The quoted sentences are what the viewer highlights strongly in each passage.
  const sources = found.map((s) => {
    const focus = best.filter((b) => b.n === s.n).map((b) => b.sentence)
    return focus.length ? { ...s, focus } : s
  })
  const refs = sources.map((s) => `[${s.n}]`).join(', ')
  const lines = [
    sources.length
      ? `Retrieval-only answer (the language model is unavailable). The passages most likely to hold the answer are ${refs}.`
      : 'Retrieval-only answer (the language model is unavailable). No passage in your library matches the question.',
  ]
  // Search was not sure these passages answer (SearchDecision.doubtful) and no model could judge:
  // said plainly, so a near miss is not read as the answer.
  if (sources.length && opts.doubt !== undefined)
    lines.push('', `These passages may not answer the question.${opts.doubt ? ` ${opts.doubt}` : ''}`)
  if (best.length) {
    lines.push('', 'Most relevant sentences:')
    for (const b of best) lines.push(`- "${clip(b.sentence)}" [${b.n}]`)
  }
  // What is wrong with Ollama is said once, as the answer's notice (app) or warning line (CLI),
  // not a third time inside the answer's text.
  return { answer: lines.join('\n'), sources, citations: sources }
}

/** The declined answer: nothing in the library answers, so the model is not asked to improvise. */
export function declinedAnswer(hits: SearchHit[], nearest = 3): FallbackAnswer {
  const sources = hitsToSources(hits.slice(0, nearest))
  return { answer: declinedText(sources), sources, citations: sources }
}

/**
 * The model's "not found" (it replied with the marker, generate/not-found-marker.ts): the same card
 * as search's decline, pointing at the nearest of the passages the model read, numbered as it read
 * them. What the model wrote after the marker is kept as its remark.
 */
export function modelDeclinedAnswer(given: Citation[], remark: string, nearest = 3): FallbackAnswer {
  const text = declinedText(given.slice(0, nearest))
  // The remark's citations point at the passages the model read; a number it was never given goes.
  const said = resolveCitations(remark, given)
  const cited = new Set([...given.slice(0, nearest), ...said.citations].map((c) => c.n))
  return {
    answer: said.answer.trim() ? `${text}\n\nThe model added: ${said.answer.trim()}` : text,
    sources: given,
    citations: given.filter((c) => cited.has(c.n)),
  }
}

function declinedText(sources: Citation[]): string {
  if (sources.length === 0) return 'Not found in your documents.'
  const refs = sources.map((s) => `[${s.n}]`)
  const list = refs.length === 1 ? refs[0] : `${refs.slice(0, -1).join(', ')} and ${refs.at(-1)}`
  return `Not found in your documents. The nearest passages are ${list}, but they do not appear to answer the question.`
}
