import { expectedAnswerTypes, optionTokens, type AnswerType } from './answer-type.js'
import type { WeightedTerm } from './lexical-score.js'
import { identifierPhrases, queryTerms, stem, type QueryTerm } from './query-terms.js'

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
}

export function analyseQuestion(query: string, context: string[], vocab: Vocabulary): QuestionAnalysis {
  const n = vocab.chunkCount()
  const ctx = context.filter((c) => c.trim().length > 0)
  const terms = weigh(queryTerms(query), n, vocab)
  const own = new Set(terms.map((t) => t.stem))
  const contextTerms = weigh(
    queryTerms(ctx.join(' ')).filter((t) => !own.has(t.stem)),
    n,
    vocab,
  )
  const phrases = identifierPhrases(query)
  return {
    query,
    context: ctx,
    terms,
    contextTerms,
    phrases,
    phraseDf: phrases.map((p) => Math.min(...p.map((w) => vocab.documentFrequency(stem(w))))),
    answerTypes: expectedAnswerTypes(query),
    options: optionTokens(query),
  }
}

/** BM25's IDF over chunks, from the FTS5 vocabulary; `n` is the library's chunk count. */
function weigh(terms: QueryTerm[], n: number, vocab: Vocabulary): WeightedTerm[] {
  return terms.map((t) => {
    const df = vocab.documentFrequency(t.stem) || vocab.documentFrequency(t.word)
    return { ...t, df, idf: Math.log(1 + (Math.max(1, n) - df + 0.5) / (df + 0.5)) }
  })
}

/** Total IDF weight of a term list. */
export function totalIdf(terms: WeightedTerm[]): number {
  return terms.reduce((s, t) => s + t.idf, 0)
}
