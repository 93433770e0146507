import { comparisonWords } from './comparison-words.js'
import { describedWords } from './described-words.js'
import { expectedAnswerTypes, optionTokens, type AnswerType } from './answer-type.js'
import type { AltTerm, WeightedTerm } from './lexical-score.js'
import { spellingVariants } from './spelling-variants.js'
import { synonyms } from './wordnet.js'
import { DEFAULT_TUNING, type Tuning } from './tuning.js'
import { stem } from '../text/tokens.js'
import { identifierPhrases, isStopword, queryTerms, type QueryTerm } from './query-terms.js'

/** What the library's vocabulary says about a word: chunks holding it, and the chunk count. */
export interface Vocabulary {
  documentFrequency(stemmedOrWord: string): number
  chunkCount(): number
}

/** The question, parsed once; every later stage reads this record. */
export interface QuestionAnalysis {
  query: string
  /** Earlier turns of the conversation (non-empty), oldest first. */
  context: string[]
  /** The question's content terms with their IDF over chunks. */
  terms: WeightedTerm[]
  /** Earlier turns' terms the question itself lacks, weighed the same way. */
  contextTerms: WeightedTerm[]
  /** Identifiers typed in the question (dotted names, options, snake_case), as token runs. */
  phrases: string[][]
  /** Chunks holding each phrase's rarest word (an upper bound of the phrase's own frequency). */
  phraseDf: number[]
  answerTypes: Set<AnswerType>
  /** Command-line options typed in the question ("-V", "--prefix"), matched verbatim. */
  options: string[]
  /**
   * Question words no chunk holds in any spelling (before compound splitting: a split makes
   * "subdistribution" findable, but the library still never names it).
   */
  unseen: string[]
  /**
   * Words the asker only compares with ("like colspan in HTML", "Indian-style"), lower case: not
   * what the question is about, so they never decide a decline (comparison-words.ts).
   */
  compared: Set<string>
  /**
   * Words that describe the asker's situation, lower case: an example ("such as É"), an identifying
   * place (", around Cottbus"), a quantity or date given as premise ("a 64 KiB page", "modified in
   * 1975"). Like compared words they never decide a decline (described-words.ts).
   */
  described: Set<string>
}

export function analyseQuestion(
  query: string,
  context: string[],
  vocab: Vocabulary,
  T: Tuning = DEFAULT_TUNING,
): QuestionAnalysis {
  const n = vocab.chunkCount()
  const ctx = context.filter((c) => c.trim().length > 0)
  const phrases = identifierPhrases(query)
  const unseen: string[] = []
  const terms = weigh(bridgeVocabulary(queryTerms(query), query, vocab, phrases, T, unseen), n, vocab)
  const own = new Set(terms.map((t) => t.stem))
  const contextTerms = weigh(
    bridgeVocabulary(queryTerms(ctx.join(' ')), ctx.join(' '), vocab, [], T, []).filter(
      (t) => !own.has(t.stem),
    ),
    n,
    vocab,
  )
  return {
    query,
    context: ctx,
    terms,
    contextTerms,
    phrases,
    phraseDf: phrases.map((p) => Math.min(...p.map((w) => vocab.documentFrequency(stem(w))))),
    answerTypes: expectedAnswerTypes(query),
    options: optionTokens(query),
    unseen,
    compared: T.comparisonWords ? comparisonWords(query) : new Set(),
    described: T.describedWords ? describedWords(query) : new Set(),
  }
}

/**
 * The asker's words in the library's spelling: a word no chunk holds is replaced by its other
 * spelling when the library has that ("parameterisation" → "parameterization"), or split into two
 * words the library has ("logscale" → "log scale", also searched as a phrase); and a hyphenated
 * compound whose joined form the library uses ("log-scale" → "logscale") gets it as an alternative.
 */
function bridgeVocabulary(
  terms: QueryTerm[],
  text: string,
  vocab: Vocabulary,
  phrases: string[][],
  T: Tuning,
  unseen: string[],
): QueryTerm[] {
  const df = (w: string) => vocab.documentFrequency(stem(w)) || vocab.documentFrequency(w)
  const out: (QueryTerm & { alts?: AltTerm[] })[] = []
  const seen = new Set(terms.map((t) => t.stem))
  for (const t of terms) {
    if (df(t.word) > 0) {
      out.push(t)
      continue
    }
    if (/\d/.test(t.word)) {
      unseen.push(t.word)
      out.push(t)
      continue
    }
    const variant = T.foldSpelling ? spellingVariants(t.word).find((v) => df(v) > 0) : undefined
    if (variant) {
      out.push({ word: variant, stem: stem(variant) })
      continue
    }
    unseen.push(t.word)
    const split = T.splitCompounds ? splitCompound(t.word, df) : null
    if (split) {
      phrases.push(split)
      for (const w of split) if (!seen.has(stem(w))) out.push({ word: w, stem: stem(w) })
      continue
    }
    out.push(t)
  }
  if (T.wCompoundJoin > 0)
    for (const parts of compoundsTyped(text, T.joinOpenCompounds > 0)) {
      const joined = parts.join('')
      const jdf = df(joined)
      if (jdf === 0) continue
      const alt = { word: joined, stem: stem(joined), weight: T.wCompoundJoin, df: jdf }
      for (const part of parts) {
        const t = out.find((x) => x.word === part)
        if (t && t.stem !== alt.stem && !t.alts?.some((a) => a.stem === alt.stem))
          t.alts = [...(t.alts ?? []), alt]
      }
    }
  if (T.wSynonym > 0) {
    const stems = new Set(out.map((t) => t.stem))
    for (const t of out) {
      for (const syn of synonyms(t.word, T.synonymSenses)) {
        const sdf = df(syn)
        const s = stem(syn)
        if (sdf === 0 || stems.has(s) || t.alts?.some((a) => a.stem === s)) continue
        t.alts = [...(t.alts ?? []), { word: syn, stem: s, weight: T.wSynonym, df: sdf }]
      }
    }
  }
  return out
}

/**
 * The compounds a question types whose closed form a library may use instead: each hyphenated one
 * ("log-scale"), and with `open`, each two neighbouring content words ("bit rate", "time out",
 * "file name"): English writes a compound open, hyphenated or closed, and technical documents
 * often close what a reader leaves open ("bitrate", "timeout", "filename").
 */
function compoundsTyped(text: string, open: boolean): string[][] {
  const lower = text.toLowerCase()
  const out = [...lower.matchAll(/\p{L}+(?:-\p{L}+)+/gu)].map((m) => m[0].split('-'))
  if (!open) return out
  for (const run of lower.split(/[^\p{L}\s]+/u)) {
    const words = run.split(/\s+/).filter((w) => w.length > 0)
    for (let i = 0; i + 1 < words.length; i++) {
      const [a, b] = [words[i]!, words[i + 1]!]
      if (a.length >= 2 && b.length >= 2 && !isStopword(a) && !isStopword(b)) out.push([a, b])
    }
  }
  return out
}

/** "logscale" → ["log", "scale"] when both parts (3+ letters) are in the library; the most balanced split wins. */
function splitCompound(word: string, df: (w: string) => number): string[] | null {
  if (!/^\p{L}{6,}$/u.test(word)) return null
  let best: string[] | null = null
  for (let i = 3; i <= word.length - 3; i++) {
    const a = word.slice(0, i)
    const b = word.slice(i)
    if (
      df(a) > 0 &&
      df(b) > 0 &&
      (!best || Math.min(a.length, b.length) > Math.min(best[0]!.length, best[1]!.length))
    )
      best = [a, b]
  }
  return best
}

/** BM25's IDF over chunks, from the FTS5 vocabulary; `n` is the library's chunk count. */
function weigh(terms: (QueryTerm & { alts?: AltTerm[] })[], n: number, vocab: Vocabulary): WeightedTerm[] {
  return terms.map((t) => {
    const df = vocab.documentFrequency(t.stem) || vocab.documentFrequency(t.word)
    return { ...t, df, idf: Math.log(1 + (Math.max(1, n) - df + 0.5) / (df + 0.5)) }
  })
}

/** Total IDF weight of a term list. */
export function totalIdf(terms: WeightedTerm[]): number {
  return terms.reduce((s, t) => s + t.idf, 0)
}
