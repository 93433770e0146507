import type { SearchDecision, SearchHit } from '@shared/library-types.js'
import { totalIdf, type QuestionAnalysis, type Vocabulary } from './analyse-question.js'
import { isEnglishWord } from './english-words.js'
import { stem, tokenize } from '../text/tokens.js'
import type { ChunkEvidence } from './score-evidence.js'
import type { Tuning } from './tuning.js'
import type { NarrowableVocabulary, ScopedVocabulary } from './scoped-vocabulary.js'
import { comparisonWords } from './comparison-words.js'
import { describedWords } from './described-words.js'
import type { WeightedTerm } from './lexical-score.js'
import { nameQualifiers, opensSentence } from './name-qualifiers.js'

/**
 * "Nothing in the library answers this", with the reason: the best passages cover too little of
 * the question, or the question names something specific that appears in no document at all.
 * Search declines only when it is sure (most of the question's words are not found together in
 * any passage); a decline it is unsure of is `doubtful`: the passages go to the model, which
 * judges whether they answer (tuning.ts `modelJudgesAboveLocal`). So is a name the documents never
 * use when the rest of the question is found together (`modelJudgesNameAboveRest`): the passages
 * may answer in other words ("Lower Sorbian" for "the Sorbian of Lower Lusatia"), or be about the
 * wrong thing ("the Liverpool plant"), and only a reader can tell. So is a decline sure only
 * because of words that say which one (`unsureWithoutAside`), and a low-coverage question whose
 * subject a passage shares (`sharesSubject`).
 */
export async function decide(
  q: QuestionAnalysis,
  results: SearchHit[],
  evidence: Map<number, ChunkEvidence>,
  similarity: Map<number, number>,
  vocab: Vocabulary,
  mode: 'hybrid' | 'keyword',
  T: Tuning,
): Promise<SearchDecision> {
  // A name is looked for in the documents the passages come from, not anywhere in the library:
  // another document naming it does not make these passages answer the question.
  const inFound = T.namesInFoundDocuments ? foundDocumentsVocabulary(vocab, results, T) : vocab
  // What the asker compares with or describes their own situation by is not what they ask about.
  const aside = new Set([...q.compared, ...q.described])
  const d = await lexicalDecision(q, results, evidence, similarity, vocab, inFound, aside, mode, T)
  const judged = d.reason === 'names-absent' || d.reason === 'low-coverage'
  if (!d.declined || !judged) return d
  if (d.local >= T.modelJudgesAboveLocal || restFoundTogether(q, d) >= T.modelJudgesNameAboveRest)
    return { ...d, declined: false, doubtful: true }
  if (T.asideWordsUncounted && (await unsureWithoutAside(q, d, aside, inFound, results, T)))
    return { ...d, declined: false, doubtful: true }
  if (sharesSubject(d, results, evidence, T)) return { ...d, declined: false, doubtful: true }
  return d
}

/**
 * Whether a low-coverage decline is of a question in the asker's own words whose subject a passage
 * still shares: one passage found holds at least `modelJudgesWordsTogether` of the question's own
 * words, and no word of the question is unknown to the dictionary (which would name something the
 * library lacks: `decisive`). The rest are the asker's paraphrase ("a monochrome laser printer"
 * for "a black & white printer"); they weigh most in coverage because the library never uses them.
 * An everyday question the library is not about shares one or two words with a passage at most.
 */
function sharesSubject(
  d: SearchDecision,
  results: SearchHit[],
  evidence: Map<number, ChunkEvidence>,
  T: Tuning,
): boolean {
  if (T.modelJudgesWordsTogether <= 0 || d.reason !== 'low-coverage' || d.decisive.length > 0) return false
  const top = results.slice(0, 5).flatMap((r) => r.chunkIds)
  const together = Math.max(0, ...top.map((id) => evidence.get(id)?.match.matched.length ?? 0))
  return together >= T.modelJudgesWordsTogether
}

/**
 * Whether a names-absent or low-coverage decline is sure only because of words that are not what
 * the question asks about and that no document found uses: words set aside (compared with,
 * described by: "around Bautzen", "the 1966 final") and the words a found name is qualified by
 * ("the Upper Lusatian one", "the Sorbian of Lower Lusatia": name-qualifiers.ts, with
 * `nameQualifiers`). As words no passage can hold they weigh most in the question's coverage, so
 * they sink it. Left out of the whole (they match nothing, so only the denominators change, in the
 * question and in its earlier turns alike), would the rule be unsure: the question's own words
 * found together (`modelJudgesAboveLocal`), its other absent names' rest found together
 * (`modelJudgesNameAboveRest`), or, with no other absent name, its coverage enough? Then the model
 * judges. It never makes a decision `answered`: a decline becomes `doubtful` at most.
 */
export async function unsureWithoutAside(
  q: QuestionAnalysis,
  d: SearchDecision,
  given: Set<string>,
  inFound: Vocabulary,
  results: SearchHit[],
  T: Tuning,
): Promise<boolean> {
  const passages = passageWords(results)
  const aside = withQualifiers(q.query, given, inFound, passages, T)
  const own = totalIdf(q.terms)
  const x = uncountedIdf(q.terms, aside, inFound)
  const ctx = totalIdf(q.contextTerms)
  const y = ctx > 0 ? uncountedIdf(q.contextTerms, contextAsideWords(q, inFound, passages, T), inFound) : 0
  if (x + y === 0 || own - x <= 0) return false
  const w = T.contextWeight
  const coverage =
    ctx > 0 ? (d.coverage * (own + ctx * w)) / (own - x + (ctx - y) * w) : (d.coverage * own) / (own - x)
  if ((d.local * own) / (own - x) >= T.modelJudgesAboveLocal) return true
  const names = d.reason === 'names-absent' ? nameStems(d.decisive.filter((n) => !isAside(n, aside))) : null
  if (names?.size) {
    const rest = own - x - totalIdf(q.terms.filter((t) => names.has(t.stem)))
    return rest > 0 && (d.local * own) / rest >= T.modelJudgesNameAboveRest
  }
  return (
    coverage >=
    (await coverageNeededToAnswer(
      q.unseen.filter((w) => !aside.has(w)),
      T,
    ))
  )
}

/** The IDF mass of the terms among `words` that no document found uses (no passage can hold them). */
function uncountedIdf(terms: WeightedTerm[], words: Set<string>, inFound: Vocabulary): number {
  const stems = new Set([...words].map(stem))
  return totalIdf(terms.filter((t) => (words.has(t.word) || stems.has(t.stem)) && isAbsent(inFound, t.word)))
}

const nameStems = (names: string[]) => new Set(names.flatMap((n) => tokenize(n).map(stem)))

const isAside = (name: string, aside: Set<string>) => tokenize(name).every((t) => aside.has(t))

/** `given` and, with `nameQualifiers`, the words the text qualifies a found name by. */
function withQualifiers(
  text: string,
  given: Set<string>,
  inFound: Vocabulary,
  passages: () => Set<string>,
  T: Tuning,
): Set<string> {
  if (!T.nameQualifiers) return given
  const qualifiers = nameQualifiers(
    text,
    (t) => isAbsent(inFound, t),
    (t) => passages().has(t),
  )
  return new Set([...given, ...qualifiers])
}

/** The words of the passages found, tokenized once when first asked for. */
function passageWords(results: SearchHit[]): () => Set<string> {
  let words: Set<string> | null = null
  return () => (words ??= new Set(results.flatMap((r) => tokenize(r.text))))
}

/** The earlier turns' words set aside the same way: their terms count in a follow-up's coverage. */
function contextAsideWords(
  q: QuestionAnalysis,
  inFound: Vocabulary,
  passages: () => Set<string>,
  T: Tuning,
): Set<string> {
  const text = q.context.join('\n')
  const given = new Set([
    ...(T.comparisonWords ? comparisonWords(text) : []),
    ...(T.describedWords ? describedWords(text) : []),
  ])
  return withQualifiers(text, given, inFound, passages, T)
}

/**
 * For a names-absent decline, the share of the question's other words found together in one
 * passage: `local` with the absent names left out of the whole. They are in no document the
 * passages come from, so no passage's window holds them and leaving them out changes only the
 * denominator. 0 for any other decision.
 */
export function restFoundTogether(q: QuestionAnalysis, d: SearchDecision): number {
  if (d.reason !== 'names-absent') return 0
  const names = nameStems(d.decisive)
  const total = totalIdf(q.terms)
  const rest = totalIdf(q.terms.filter((t) => !names.has(t.stem)))
  return rest > 0 ? Math.min(1, (d.local * total) / rest) : 0
}

async function lexicalDecision(
  q: QuestionAnalysis,
  results: SearchHit[],
  evidence: Map<number, ChunkEvidence>,
  similarity: Map<number, number>,
  vocab: Vocabulary,
  inFound: Vocabulary,
  aside: Set<string>,
  mode: 'hybrid' | 'keyword',
  T: Tuning,
): Promise<SearchDecision> {
  const missing = q.unseen
  const top = results.slice(0, 5).flatMap((r) => r.chunkIds)
  const coverage = Math.max(0, ...top.map((id) => evidence.get(id)?.coverage ?? 0))
  const local = Math.max(0, ...top.map((id) => evidence.get(id)?.match.local ?? 0))
  const base = {
    coverage: round(coverage),
    local: round(local),
    threshold: T.minCoverage,
    missing,
    decisive: [] as string[],
  }
  if (results.length === 0) return { ...base, declined: true, reason: 'no-results' }
  // A follow-up may have no content words of its own ("and before that?"): its earlier turns decide.
  if (q.terms.length + q.contextTerms.length === 0)
    return { ...base, declined: true, reason: 'no-content-words' }
  const absentNames = namesAbsent(
    q.query,
    inFound,
    results.map((r) => r.text),
    T,
    aside,
  )
  if (absentNames.length) return { ...base, declined: true, reason: 'names-absent', decisive: absentNames }
  const unknown = await unknownWords(
    missing.filter((w) => !aside.has(w)),
    T,
  )
  const threshold = unknown.length ? T.minCoverageWithUnknownWord : T.minCoverage
  const bestSimilarity = Math.max(0, ...top.map((id) => similarity.get(id) ?? 0))
  // A scoped search whose documents lack a word of the question that other documents use: that
  // word is the subject, so passages that only read alike (similarity) do not save it.
  const outOfScope = isScoped(vocab) ? missing.filter((w) => !aside.has(w) && vocab.inLibrary(w)) : []
  const low =
    coverage < threshold && (mode === 'keyword' || outOfScope.length > 0 || bestSimilarity < T.minSimilarity)
  return {
    ...base,
    threshold,
    decisive: outOfScope.length && low ? [...new Set([...unknown, ...outOfScope])] : unknown,
    declined: low,
    reason: low ? 'low-coverage' : 'answered',
    ...(outOfScope.length ? { outOfScope } : {}),
  }
}

/**
 * The library's vocabulary narrowed to the documents of the passages found: a word counts as
 * present only where those documents use it. A word more common than `candidatePostings` chunks in
 * the whole library counts as present without the narrower lookup (it names nothing specific, and
 * counting its postings per query would cost milliseconds in a large library).
 */
function foundDocumentsVocabulary(vocab: Vocabulary, results: SearchHit[], T: Tuning): Vocabulary {
  if (!isNarrowable(vocab)) return vocab
  const found = [...new Set(results.map((r) => r.documentId))]
  // A word is asked about once per question (a name and its stem are often the same word).
  const seen = new Map<string, number>()
  return {
    documentFrequency: (w) => {
      const df = vocab.documentFrequency(w)
      if (df === 0 || df > T.candidatePostings) return df
      let dfIn = seen.get(w)
      if (dfIn === undefined) seen.set(w, (dfIn = vocab.documentFrequencyIn(w, found)))
      return dfIn
    },
    chunkCount: () => vocab.chunkCount(),
  }
}

function isScoped(vocab: Vocabulary): vocab is ScopedVocabulary {
  return typeof (vocab as Partial<ScopedVocabulary>).inLibrary === 'function'
}

function isNarrowable(vocab: Vocabulary): vocab is NarrowableVocabulary {
  return typeof (vocab as Partial<NarrowableVocabulary>).documentFrequencyIn === 'function'
}

/**
 * The share of the question the best passages must cover not to decline. A word that is in no
 * document and in no English dictionary names what the question is about ("sfdp",
 * "subdistribution"), so less coverage is enough to decline; an unseen everyday word ("quietly",
 * "rebuilt") is only the asker's paraphrase and changes nothing.
 */
export async function coverageNeededToAnswer(unseenWords: string[], T: Tuning): Promise<number> {
  return (await unknownWords(unseenWords, T)).length ? T.minCoverageWithUnknownWord : T.minCoverage
}

/**
 * The words in no English dictionary (Hunspell en_US or WordNet, any spelling, nor derived from
 * such a word by one of the dictionary's plain prefixes: tuning.ts `prefixedStemLetters`).
 */
async function unknownWords(words: string[], T: Tuning): Promise<string[]> {
  const out: string[] = []
  for (const w of words)
    if (!(await isEnglishWord(w, { prefixedStemLetters: T.prefixedStemLetters }))) out.push(w)
  return out
}

/**
 * What the question names that no chunk contains (no chunk of the documents found, with
 * namesInFoundDocuments): an identifier (dotted, snake_case, with digits), a CamelCase or
 * capitalised name. Plain lower-case words are not enough, even inside a hyphenated compound
 * ("grammar-production"): those are usually the asker's paraphrase. A name is not absent when the
 * library writes it another way: a hyphenated compound joined ("Pre-Processing" → "preprocessing"),
 * an ordinal as its number ("14th" → "14"), or an abbreviation spelled out in a passage found
 * ("ZIP" → "zero-inflated Poisson", `passages`). Nor is a word the asker only compares with or
 * describes their situation by (`aside`: "Indian-style", "such as É", "modified in 1975":
 * comparison-words.ts, described-words.ts), nor a single character: a letter or digit alone
 * identifies nothing (every document has them as variables, list markers, initials), and the index
 * may fold its accent.
 */
export function namesAbsent(
  query: string,
  vocab: Vocabulary,
  passages: string[] = [],
  T?: Tuning,
  aside: Set<string> = new Set(),
): string[] {
  const out: string[] = []
  const absent = (t: string) => vocab.documentFrequency(stem(t)) === 0 && vocab.documentFrequency(t) === 0
  let passageTokens: string[][] | null = null
  let first = true
  for (const m of query.matchAll(/[\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)*/gu)) {
    const w = m[0]
    // Grammar capitalises the first word of every sentence, not only of the question's first.
    const opening = T?.nameQualifiers ? opensSentence(query, m.index) : first
    first = false
    const identifier = /[._]/.test(w)
    const parts = w.split('-')
    if (T?.nameVariants && parts.length > 1 && !identifier && !absent(parts.join('').toLowerCase())) continue
    for (const part of parts) {
      const sentenceStart = opening && w.startsWith(part)
      const specific =
        identifier ||
        /\d/.test(part) ||
        (!sentenceStart && /^\p{Lu}/u.test(part)) ||
        /\p{Ll}\p{Lu}/u.test(part)
      // One character names nothing: the pronoun "I", a letter given as an example ("É").
      if (!specific || [...part.normalize('NFKC')].length === 1) continue
      if (!tokenize(part).some((t) => absent(t) && !aside.has(t))) continue
      // An ordinal is written as its number in tables and lists ("14th" → "14").
      const ordinal = /^(\d+)(?:st|nd|rd|th)$/iu.exec(part)
      if (T?.nameVariants && ordinal && !absent(ordinal[1]!)) continue
      if (T?.nameVariants && /^\p{Lu}{2,6}s?$/u.test(part)) {
        passageTokens ??= passages.map((p) => tokenize(p))
        if (spelledOut(part.replace(/s$/, '').toLowerCase(), passageTokens)) continue
      }
      out.push(part)
    }
  }
  return out
}

/** Whether no chunk of the vocabulary holds the word, in any form the index keeps. */
function isAbsent(vocab: Vocabulary, word: string): boolean {
  return vocab.documentFrequency(stem(word)) === 0 && vocab.documentFrequency(word) === 0
}

/**
 * Whether consecutive words of some passage start with the abbreviation's letters, in order
 * ("zip" ← "zero inflated poisson"): Schwartz and Hearst's (2003) abbreviation–definition match,
 * reduced to initials.
 */
export function spelledOut(abbreviation: string, passages: string[][]): boolean {
  const letters = [...abbreviation]
  for (const tokens of passages)
    for (let i = 0; i + letters.length <= tokens.length; i++)
      if (letters.every((c, j) => tokens[i + j]!.startsWith(c))) return true
  return false
}

const round = (x: number) => Math.round(x * 1000) / 1000
