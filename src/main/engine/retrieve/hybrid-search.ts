import type { SearchHit, SearchOptions, SearchResponse } from '../../../shared/library-types.js'
import type { Embedder } from '../embed/embedder.js'
import type { Db } from '../store/open-database.js'
import type { VectorIndex } from '../vectors/vector-index.js'
import { answerTypeFit, countVerbatim, expectedAnswerTypes, optionTokens } from './answer-type.js'
import { fuseRanks } from './fuse-ranks.js'
import { KeywordSearch, type CandidateQuery } from './keyword-search.js'
import { documentCoverage } from './passage-evidence.js'
import { isBackMatter } from './back-matter.js'
import { isEnglishWord } from './english-words.js'
import { mergeAdjacent } from './merge-adjacent.js'
import { lexicalMatch, passageStems, type LexicalMatch, type WeightedTerm } from './lexical-score.js'
import { identifierPhrases, queryTerms, stem, tokenize } from './query-terms.js'

/** Tuned on the development QA set (see README "Retrieval"); never per question. */
export const RETRIEVAL_TUNING = {
  /** FTS5 BM25 candidates (LIMIT): enough that paraphrased questions still reach the answer. */
  keywordCandidates: 60,
  vectorCandidates: 40,
  /** RRF weights. BM25 counts half: the coverage re-rank is the better judge (0.5 vs 1: MRR +0.02). */
  wBm25: 0.5,
  wLexical: 1.0,
  wVector: 1.0,
  /**
   * Earlier turns count this much relative to the question itself (only their words the question
   * lacks). A follow-up ("and in the strict sense?") says little by itself: 0.35 → 0.85 moved dev
   * MRR 0.677 → 0.696 and the second set 0.585 → 0.592; above 1 the earlier turn would outweigh
   * the question, which a change of topic within a conversation must not allow.
   */
  contextWeight: 0.85,
  /**
   * Weight of the document's coverage of the question (0..1) added to the passage's lexical score.
   * 0.5 helped a little (MRR +0.02); 1.0 lets one document's passages crowd out the answer.
   */
  wDocument: 0.5,
  /**
   * Decline when the best passages cover less than this IDF-weighted share of the question...
   * Answerable questions of the dev set and of a second, blind-written set over five other Debian
   * PDFs (README "Evaluation") go down to 0.28; off-topic questions in everyday words ("who won
   * the football world cup?") land at 0.18-0.26. 0.30 falsely declined 3 of 23 in the second set.
   */
  minCoverage: 0.25,
  /**
   * ...or less than this when the question also has a word that is in no document and in no
   * English dictionary (english-words.ts). Negatives of both sets sit at 0.23-0.44 (0.44 once the
   * other set's PDFs join the library, which 0.43 missed); no answerable question had such a word.
   * Counting every unseen word (dictionary words too) falsely declined 2 dev and 7 second-set
   * questions ("quietly", "rebuilt", "raster" are paraphrase, not topic).
   */
  minCoverageWithUnknownWord: 0.5,
  /**
   * Bonus for a passage that holds the kind of answer asked for (year, number, command): small, it
   * only reorders passages that already match the words. 0.15-0.4 all move one dev question up.
   */
  wAnswerType: 0.25,
  /** Bonus per command-line option of the question found verbatim in the passage. */
  wOption: 0.25,
  /**
   * Postings FTS5 may score per candidate query: the rarest terms are taken until their document
   * frequencies add up to this (at least one term). BM25 gives common words little weight, but
   * scoring their postings dominated query time in large libraries (about 1 µs per posting); the
   * words left out still count in the re-rank. Libraries of a few thousand chunks are unaffected.
   */
  candidatePostings: 2000,
  /** Cosine similarity below which a vector match alone cannot carry an answer (hybrid mode). */
  minSimilarity: 0.45,
  /**
   * Neighbouring chunks of one section that both match come back as one passage of at most this
   * many chunks (merge-adjacent.ts), looking this many times k down the ranking for neighbours.
   * Dev set, keyword mode, before the section and coverage conditions below: 1 → 2 → 3 chunks moved
   * hit@5 0.806 → 0.833 → 0.861 and MRR@10 0.627 → 0.671 → 0.679; pools of 2k-6k agree, k alone
   * (0.833) misses neighbours ranked just below the cut. Keeping passages inside one section (and
   * its subsections) costs MRR 0.005 and one question at rank 10, and keeps citations on topic.
   */
  mergeChunks: 3,
  mergePool: 3,
  /**
   * A neighbour joins only when it covers this IDF-weighted share of the question by itself, so a
   * passage never grows by text that merely sits next to the answer (a vector match alone is not
   * enough: small libraries return every chunk as a vector candidate). Dev set: 0 and 0.2 give the
   * figures above with top-5 passages of 357 / 345 words on average; 0.3 loses one hit@5
   * (0.833, 304 words), 0.5 keeps passages near chunk size and loses the gain (0.806).
   */
  mergeMinCoverage: 0.2,
  /**
   * Passages in a reference list or a back-of-book index (back-matter.ts) count this much: they
   * repeat a question's technical words without answering it. Dev MRR +0.003, second set +0.007
   * (a reference list was the top hit for a "how do I monitor…" question); 0.3-0.85 all the same.
   */
  backMatterWeight: 0.5,
}

interface ChunkRow {
  id: number
  document_id: number
  heading: string | null
  text: string
  /** Stems written at import (space-separated); null for chunks from before migration 3. */
  stems: string | null
  ord: number
  page_start: number
  page_end: number
  path: string
  title: string
}

export interface RetrievalDeps {
  db: Db
  embedder: Embedder | null
  vectors: VectorIndex | null
}

export class HybridSearch {
  private readonly keyword: KeywordSearch
  private readonly rowsStmt
  private readonly chunksOfDocsStmt

  constructor(private readonly deps: RetrievalDeps) {
    this.keyword = new KeywordSearch(deps.db)
    this.chunksOfDocsStmt = deps.db
      .prepare(`SELECT id FROM chunks WHERE document_id IN (SELECT value FROM json_each(?))`)
      .pluck()
    this.rowsStmt = deps.db.prepare(
      `SELECT c.id, c.document_id, c.ord, c.heading, c.text, c.stems, c.page_start, c.page_end, d.path, d.title
       FROM chunks c JOIN documents d ON d.id = c.document_id
       WHERE c.id IN (SELECT value FROM json_each(?)) AND d.status = 'indexed'`,
    )
  }

  get mode(): 'hybrid' | 'keyword' {
    return this.deps.embedder && this.deps.vectors && this.deps.vectors.size > 0 ? 'hybrid' : 'keyword'
  }

  async search(query: string, opts: SearchOptions = {}): Promise<SearchResponse> {
    const T = RETRIEVAL_TUNING
    const k = opts.k ?? 10
    const mode = this.mode
    const context = (opts.context ?? []).filter((c) => c.trim().length > 0)
    const n = this.keyword.chunkCount()
    const terms = this.weigh(queryTerms(query), n)
    const ownStems = new Set(terms.map((t) => t.stem))
    const ctxTerms = this.weigh(
      queryTerms(context.join(' ')).filter((t) => !ownStems.has(t.stem)),
      n,
    )
    const phrases = identifierPhrases(query)

    // The query embedding runs on ONNX Runtime's threads while FTS5 works on this one.
    const queryVector =
      mode === 'hybrid' ? this.deps.embedder!.embed([[...context.slice(-2), query].join('\n')]) : null
    // Observed here so a failure of FTS5 below cannot leave the embedding's rejection unhandled.
    queryVector?.catch(() => undefined)
    const phraseDf = phrases.map((p) => Math.min(...p.map((w) => this.keyword.documentFrequency(stem(w)))))
    const ownQuery = candidateQuery(terms, phrases, phraseDf, T.candidatePostings)
    // Only very common words: in hybrid mode the vectors find the candidates and scoring tens of
    // thousands of postings would buy little; keyword-only mode has nothing else, so it pays.
    const bm25 =
      ownQuery.overBudget && mode === 'hybrid'
        ? []
        : this.keyword.search(ownQuery, T.keywordCandidates, opts.documentIds)
    const bm25Ctx = ctxTerms.length
      ? this.keyword.search(
          candidateQuery([...terms, ...ctxTerms], phrases, phraseDf, T.candidatePostings),
          T.keywordCandidates,
          opts.documentIds,
        )
      : []
    let vector: { id: number; similarity: number }[] = []
    if (mode === 'hybrid') {
      const [qv] = await queryVector!
      const allowed = opts.documentIds ? this.allowedFilter(opts.documentIds) : undefined
      vector = this.deps.vectors!.search(qv!, T.vectorCandidates, allowed)
    }

    const ids = new Set<number>([...bm25, ...bm25Ctx].map((c) => c.id))
    for (const v of vector) ids.add(v.id)
    const rows = this.rowsStmt.all(JSON.stringify([...ids])) as ChunkRow[]
    const byId = new Map(rows.map((r) => [r.id, r]))

    const lexical = new Map<number, LexicalMatch>()
    const coverage = new Map<number, number>()
    const lexicalScore = this.rerank(rows, terms, ctxTerms, phrases, lexical, coverage)
    this.addAnswerEvidence(query, rows, lexicalScore)
    const byLexical = [...lexicalScore.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id)
    const lists = [
      { ids: bm25.map((c) => c.id), weight: T.wBm25 },
      { ids: byLexical, weight: T.wLexical },
    ]
    if (bm25Ctx.length) lists.push({ ids: bm25Ctx.map((c) => c.id), weight: T.wBm25 * T.contextWeight })
    if (vector.length) lists.push({ ids: vector.map((v) => v.id), weight: T.wVector })
    const fused = fuseRanks(lists)
    const similarity = new Map(vector.map((v) => [v.id, v.similarity]))
    const ranked = [...fused.entries()]
      .filter(([id]) => byId.has(id))
      .map(
        ([id, score]) =>
          [id, isBackMatter(byId.get(id)!.heading) ? score * T.backMatterWeight : score] as const,
      )
      .sort((a, b) => b[1] - a[1])
      .slice(0, k * T.mergePool)
      .map(([id, score]) => {
        const r = byId.get(id)!
        const joinable = (coverage.get(id) ?? 0) >= T.mergeMinCoverage
        return {
          id,
          documentId: r.document_id,
          ord: r.ord,
          section: r.heading,
          score,
          text: r.text,
          joinable,
          row: r,
        }
      })
    const passages = mergeAdjacent(ranked, { k, maxChunks: T.mergeChunks })

    const results: SearchHit[] = passages.map((p, i) => {
      const first = p.members[0]!.row
      const last = p.members[p.members.length - 1]!.row
      return {
        rank: i + 1,
        chunkId: p.anchor.id,
        chunkIds: p.members.map((m) => m.id),
        documentId: first.document_id,
        file: first.path,
        title: first.title,
        pages: range(first.page_start, Math.max(...p.members.map((m) => m.row.page_end))),
        text: p.text,
        score: Math.round(p.anchor.score * 1e6) / 1e6,
        matchedTerms: [...new Set(p.members.flatMap((m) => lexical.get(m.id)?.matched ?? []))],
        heading: first.heading ?? last.heading,
      }
    })
    const declined = await this.shouldDecline(query, terms, ctxTerms, results, coverage, similarity)
    return { query, mode, declined, results }
  }

  /**
   * "Nothing in the library answers this": the best passages cover too little of the question,
   * or the question names something specific that appears in no document at all.
   */
  private async shouldDecline(
    query: string,
    terms: WeightedTerm[],
    ctxTerms: WeightedTerm[],
    results: SearchHit[],
    coverage: Map<number, number>,
    similarity: Map<number, number>,
  ): Promise<boolean> {
    const T = RETRIEVAL_TUNING
    // A follow-up may have no content words of its own ("and before that?"): its earlier turns decide.
    if (results.length === 0 || terms.length + ctxTerms.length === 0) return true
    if (this.namesSomethingAbsent(query)) return true
    const best = (m: Map<number, number>) =>
      Math.max(0, ...results.slice(0, 5).flatMap((r) => r.chunkIds.map((id) => m.get(id) ?? 0)))
    const bestCoverage = best(coverage)
    const bestSimilarity = best(similarity)
    // `df` was looked up when the terms were weighed.
    const unseen = terms.filter((t) => t.df === 0).map((t) => t.word)
    const threshold = await coverageNeededToAnswer(unseen)
    if (this.mode === 'hybrid') return bestCoverage < threshold && bestSimilarity < T.minSimilarity
    return bestCoverage < threshold
  }

  /**
   * The question names something specific that no chunk contains: an identifier (dotted, snake_case,
   * with digits), a CamelCase or capitalised name. Plain lower-case words are not enough, even inside a
   * hyphenated compound ("grammar-production"): those are usually the asker's paraphrase.
   */
  private namesSomethingAbsent(query: string): boolean {
    const words = query.match(/[\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)*/gu) ?? []
    for (const [i, w] of words.entries()) {
      const identifier = /[._]/.test(w)
      for (const part of w.split('-')) {
        const sentenceStart = i === 0 && w.startsWith(part)
        const specific =
          identifier ||
          /\d/.test(part) ||
          (!sentenceStart && /^\p{Lu}/u.test(part)) ||
          /\p{Ll}\p{Lu}/u.test(part)
        if (!specific) continue
        const absent = (t: string) =>
          this.keyword.documentFrequency(stem(t)) === 0 && this.keyword.documentFrequency(t) === 0
        if (tokenize(part).some(absent)) return true
      }
    }
    return false
  }

  /**
   * Lexical re-rank of the candidates: the passage's own match (plus the earlier turns' terms at a
   * lower weight) and its document's coverage of the question (see passage-evidence.ts).
   */
  private rerank(
    rows: ChunkRow[],
    terms: WeightedTerm[],
    ctxTerms: WeightedTerm[],
    phrases: string[][],
    lexical: Map<number, LexicalMatch>,
    coverage: Map<number, number>,
  ): Map<number, number> {
    const T = RETRIEVAL_TUNING
    const own = new Map<number, number>()
    const stemsOf = new Map<number, Set<string>>()
    const names = new Map<number, Set<string>>()
    const headingCache = new Map<string, string[]>()
    for (const r of rows) {
      const stems = r.stems !== null ? (r.stems.length ? r.stems.split(' ') : []) : passageStems(r.text)
      let headingStems = r.heading ? headingCache.get(r.heading) : []
      if (headingStems === undefined) headingCache.set(r.heading!, (headingStems = passageStems(r.heading!)))
      const m = lexicalMatch(stems, terms, phrases, headingStems)
      const c = ctxTerms.length ? lexicalMatch(stems, ctxTerms, [], headingStems) : null
      lexical.set(r.id, m)
      // For declining, a follow-up is judged with its earlier turns: "is it slower?" says little alone.
      coverage.set(
        r.id,
        c
          ? (m.coverage * cTotal(terms) + c.coverage * cTotal(ctxTerms) * T.contextWeight) /
              (cTotal(terms) + cTotal(ctxTerms) * T.contextWeight)
          : m.coverage,
      )
      own.set(r.id, m.score + (c ? T.contextWeight * c.score : 0))
      stemsOf.set(r.id, c ? new Set([...m.matchedStems, ...c.matchedStems]) : m.matchedStems)
      if (!names.has(r.document_id))
        names.set(r.document_id, new Set(passageStems(`${r.title} ${docName(r.path)}`)))
    }
    const allTerms = [...terms, ...ctxTerms.map((t) => ({ ...t, idf: t.idf * T.contextWeight }))]
    const docCov = documentCoverage(
      allTerms,
      rows.map((r) => ({ documentId: r.document_id, stems: stemsOf.get(r.id)! })),
      names,
    )
    const out = new Map<number, number>()
    for (const r of rows) out.set(r.id, own.get(r.id)! + T.wDocument * (docCov.get(r.document_id) ?? 0))
    return out
  }

  /** Answer-type fit and verbatim options (see answer-type.ts), added to the lexical score. */
  private addAnswerEvidence(query: string, rows: ChunkRow[], scores: Map<number, number>): void {
    const T = RETRIEVAL_TUNING
    const types = expectedAnswerTypes(query)
    const options = optionTokens(query)
    if (types.size === 0 && options.length === 0) return
    for (const r of rows) {
      const bonus = T.wAnswerType * answerTypeFit(r.text, types) + T.wOption * countVerbatim(r.text, options)
      scores.set(r.id, (scores.get(r.id) ?? 0) + bonus)
    }
  }

  private documentFrequency(t: { stem: string; word: string }): number {
    return this.keyword.documentFrequency(t.stem) || this.keyword.documentFrequency(t.word)
  }

  /** BM25's IDF over chunks, from the FTS5 vocabulary; `n` is the library's chunk count. */
  private weigh(terms: ReturnType<typeof queryTerms>, n: number): WeightedTerm[] {
    return terms.map((t) => {
      const df = this.documentFrequency(t)
      return { ...t, df, idf: Math.log(1 + (Math.max(1, n) - df + 0.5) / (df + 0.5)) }
    })
  }

  private allowedFilter(documentIds: number[]): (id: number) => boolean {
    const ids = new Set(this.chunksOfDocsStmt.all(JSON.stringify(documentIds)) as number[])
    return (id) => ids.has(id)
  }
}

/**
 * The share of the question the best passages must cover not to decline. A word that is in no
 * document and in no English dictionary names what the question is about ("sfdp",
 * "subdistribution"), so less coverage is enough to decline; an unseen everyday word ("quietly",
 * "rebuilt") is only the asker's paraphrase and changes nothing.
 */
export async function coverageNeededToAnswer(unseenWords: string[]): Promise<number> {
  for (const w of unseenWords)
    if (!(await isEnglishWord(w))) return RETRIEVAL_TUNING.minCoverageWithUnknownWord
  return RETRIEVAL_TUNING.minCoverage
}

/** A file's base name without extension, as words ("sandwich-CL.pdf" → "sandwich CL"). */
function docName(path: string): string {
  return (path.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '').replace(/[-_.]+/g, ' ')
}

/** Total IDF weight of a term list. */
function cTotal(terms: WeightedTerm[]): number {
  return terms.reduce((s, t) => s + t.idf, 0)
}

/**
 * The FTS5 query for candidates, within a budget of postings to score: the rarest terms and the
 * identifier phrases whose document frequencies fit, OR-ed. When not even the rarest term fits, the
 * two rarest are AND-ed instead: FTS5 then scores only the rows holding both.
 */
export function candidateQuery(
  terms: WeightedTerm[],
  phrases: string[][],
  phraseDf: number[],
  budget: number,
): CandidateQuery {
  const items = [
    ...terms.map((t) => ({ df: t.df ?? 0, term: t.word, phrase: null as string[] | null })),
    ...phrases.map((p, i) => ({ df: phraseDf[i] ?? 0, term: null, phrase: p })),
  ].sort((a, b) => a.df - b.df)
  const out: CandidateQuery = { terms: [], phrases: [], op: 'OR', overBudget: false }
  let postings = 0
  for (const it of items) {
    if (postings + it.df > budget) break
    postings += it.df
    if (it.term) out.terms.push(it.term)
    else out.phrases.push(it.phrase!)
  }
  if (out.terms.length + out.phrases.length === 0) {
    const rarest = [...terms].sort((a, b) => (a.df ?? 0) - (b.df ?? 0)).slice(0, 2)
    return {
      terms: rarest.map((t) => t.word),
      phrases: [],
      op: rarest.length > 1 ? 'AND' : 'OR',
      overBudget: true,
    }
  }
  return out
}

function range(a: number, b: number): number[] {
  const out: number[] = []
  for (let p = a; p <= b; p++) out.push(p)
  return out
}
