/**
 * Every constant retrieval uses, in one frozen, documented object that is passed in
 * (`new HybridSearch({ …, tuning })`, `Library.open(dir, { tuning })`), so an evaluation can vary
 * any of them without editing code: `npm run eval -- --pool DIR --tune wDocument=0.3`.
 * Tuned on the development pool (docs/retrieval.md), never on single questions.
 */
const TUNING = {
  /** FTS5 BM25 candidates (LIMIT): enough that paraphrased questions still reach the answer. */
  keywordCandidates: 60,
  vectorCandidates: 40,
  /**
   * FTS5 BM25 column weights (heading, body), BM25F-style: a heading that names the topic counts
   * three times a body mention. Pool, with wHeadingTerm and wBm25 below: 1.5 → 3 moved fold A
   * MRR@10 0.601 → 0.608 and fold B 0.727 → 0.730.
   */
  bm25Heading: 3,
  bm25Body: 1.0,
  /**
   * RRF weights. BM25 counts less than the evidence re-rank, the better judge (dev set alone: 0.5
   * vs 1, MRR +0.02). On the pool, with the heading weights above, 0.5 → 0.8 moved fold A MRR@10
   * 0.604 → 0.601 but fold B 0.699 → 0.727 and hit@1 on both (A 0.494, B 0.649).
   */
  wBm25: 0.8,
  wLexical: 1.0,
  wVector: 1.0,
  /** RRF's rank constant (Cormack et al. 2009 use 60; the usual default). */
  rrfK: 60,
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
  /** Lexical score (lexical-score.ts): weight of the saturating term-frequency part on top of coverage. */
  wTermFrequency: 0.35,
  /** BM25's k1-like saturation of a term's frequency in a passage: n / (n + this). */
  tfSaturation: 1.2,
  /**
   * A query term found in the passage's heading path: this share of its IDF on top. Pool: 0.3 →
   * 0.6 moved fold A MRR@10 0.595 → 0.604, hit@1 0.481 → 0.494; fold B 0.698 → 0.699.
   */
  wHeadingTerm: 0.6,
  /** Per adjacent pair of query words found adjacent in the passage ("zero truncated"). */
  wAdjacentPair: 0.08,
  /** Per identifier the question typed (dotted, snake_case, option) found whole in the passage. */
  wIdentifierPhrase: 0.25,
  /**
   * Proximity: the share of the question's IDF mass found together within a window of this many
   * tokens (about two sentences) counts `wProximity` on top of coverage. Dev set: MRR@10 0.58 →
   * 0.62; windows of 15-25 tokens or weights ≥ 1.5 did worse, 60 tokens about the same.
   */
  proximityWindow: 40,
  wProximity: 0.75,
  /**
   * A table row read with its table's caption and header (table-row-evidence.ts) is a place the
   * question's words come together too: its share of the question counts as the passage's
   * proximity when larger, the difference weighed this much relative to wProximity.
   */
  wTableRow: 1,
  /**
   * A table's caption and header line are read as part of the passage's heading (the heading
   * term credit, wHeadingTerm, for a question word among them): 1 on, 0 off.
   */
  tableFieldAsHeading: 1,
  /**
   * For a question that compares (table-row-evidence.ts comparesRows), two rows of a table read
   * together with its header and caption count as one place: 1 on, 0 off.
   */
  tableRowPairs: 1,
  /**
   * A candidate holding a table reads this many words of prose on each side of it (the end of the
   * passage before, the start of the one after) as context matched like its heading
   * (table-context-stage.ts); 0 = off. Keyword-only, index 20, against off: pool MRR@10 0.740 →
   * 0.743, hit@5 0.858 → 0.865; the nine opened table sets outside the pool (264 answerable)
   * hit@5 0.777 → 0.814, MRR@10 0.643 → 0.679; tables set top-5 words 356 → 360. Whole neighbouring
   * passages (200) ranked a little higher (MRR@10 +0.004) for longer top fives (tables 366
   * words); 60 a little lower; only the nearest paragraph, or only neighbours of the same section,
   * less; the same context for every passage, not only tables, lowered the pool's hit@1 and
   * lengthened its top five by 40 words.
   */
  tableContextWords: 100,
  /**
   * A passage holding a table stands no further down the keyword (BM25) list of the fusion than
   * it stands in the evidence ranking when one of its rows answers (table-keyword-place.ts), and
   * at most `tableKeywordSlack` places further otherwise; 0 = off. Keyword-only, index 22, against
   * off: see docs/tables.md ("Checked again after 9f4387b").
   */
  tableKeywordPlace: 1,
  tableKeywordSlack: 5,
  /**
   * On OCR'd pages a question word also matches the words it could have been misread as: OCR's
   * confusable characters (I/l/1, O/0, S/5, Z/2, B/8) are folded on both sides, through a second
   * keyword index of OCR chunks (ocr-fold.ts, ocr-chunk-index.ts); text-layer passages keep exact
   * matching. 0 turns it off. Whole development corpus scanned at 150 dpi, keyword mode: see
   * BENCHMARKS.md "Retrieval on scans".
   */
  foldOcrConfusions: 1,
  /**
   * A question word no chunk holds is looked up in its other spelling (spelling-variants.ts:
   * British ↔ American; 0 turns it off). Pool, keyword mode: fold A MRR@10 0.590 → 0.595, false
   * declines 2 → 1 ("parameterisation"); fold B unchanged (no British spelling asked there).
   */
  foldSpelling: 1,
  /**
   * ...and, when 1, split into two words the library has ("logscale" → "log scale", also searched
   * as a phrase). Off: on the pool it moved nothing in fold B and cost fold A MRR 0.001, and it
   * turns names the library lacks into common words ("subdistribution" → "sub distribution").
   */
  splitCompounds: 0,
  /**
   * A hyphenated compound's joined form ("log-scale" → "logscale"), when the library has it, counts
   * this much of a match for its parts. Pool: fold A hit@1 0.468 → 0.481, MRR 0.588 → 0.595; fold
   * B unchanged.
   */
  wCompoundJoin: 1,
  /**
   * ...and two neighbouring content words typed open ("bit rate", "time out") count the same when
   * the library writes them closed ("bitrate", "timeout"). 0 turns it off. Keyword mode, index 25:
   * the pool's 318 hit@1 0.664 → 0.670, hit@5 0.865 → 0.868, MRR@10 0.748 → 0.752; the development
   * table sets and formats-unseen (414) 0.543 / 0.816 / 0.659 → 0.548 / 0.816 / 0.661.
   */
  joinOpenCompounds: 1,
  /**
   * WordNet synonyms (wordnet.ts) of a question word, from its `synonymSenses` most frequent senses,
   * that the library uses count this much of a match where the word itself is absent, and find
   * candidates too. RAGFlow expands keyword queries with WordNet at a quarter weight. Off: on the
   * pool, 0.25 moved fold B MRR@10 0.698 → 0.708 but fold A 0.595 → 0.572 (0.5: 0.704 / 0.575; two
   * senses: both folds worse; synonyms in the re-rank only, not as candidates: both folds worse;
   * 0.1 and 0.15: both folds worse). Synonyms of the commonest sense are as often another topic as
   * the asker's paraphrase.
   */
  wSynonym: 0,
  synonymSenses: 1,
  /**
   * Pseudo-relevance feedback (feedback-terms.ts, RM3): the `feedbackTerms` words the first
   * `feedbackDocs` passages use most (weighted by rarity) add `wFeedback` times the share of them
   * a candidate holds to its score, then the lists are fused again. Off: on the three-set pool
   * 0.1 / 0.2 / 0.4 moved fold A MRR@10 0.608 → 0.608 / 0.602 / 0.591 and fold B 0.730 → 0.709 /
   * 0.704 / 0.701 (five feedback passages no better): the first passages of a paraphrased question
   * are often the wrong ones, and feedback then pulls in more of them.
   */
  wFeedback: 0,
  feedbackDocs: 3,
  feedbackTerms: 10,
  /**
   * A name the question uses counts as present when the library writes it another way: a
   * hyphenated compound joined, an ordinal as its number ("14th" → "14"), an abbreviation spelled
   * out in a passage found (decide.ts); 0 = off.
   */
  nameVariants: 1,
  /**
   * ...and a name counts as absent when no document among the passages found uses it, even if
   * another document in the library does (decide.ts): the passages found cannot answer a question
   * about it. Five-set pool: negatives declined fold A 12/23 → 12/23, fold B 8/22 → 10/22, false
   * declines 4/113 → 4 and 1/113 → 1 (both negatives gained are in the blind sets, where another
   * document named what the question asked about). Narrowed to the documents of the top 5
   * passages instead of all 10: two more negatives but two more false declines.
   */
  namesInFoundDocuments: 1,
  /**
   * Words the asker only compares with (comparison-words.ts: "like colspan/rowspan in HTML",
   * "Indian-style") are neither a name the library lacks nor a word no dictionary holds; 0 = off.
   * Five-set pool (with prefixedStemLetters below): false declines fold A 3/113 → 1/113, fold B
   * 1/113 → 1/113; negatives declined unchanged (12/23, 10/22: no negative compares), ranking
   * untouched (the decision only).
   */
  comparisonWords: 1,
  /**
   * Words the asker describes their own situation by (described-words.ts: an example "such as É",
   * an identifying place ", around Cottbus", a quantity or date given as premise "a 64 KiB page",
   * "modified in 1975") are neither a name the library lacks nor a word no dictionary holds; 0 =
   * off. Seven-set pool: false declines 3/318 → 2/318 ("a 64 KiB page size" answered; "a 500 MB
   * database" no longer doubtful); negatives declined by search unchanged (the one with a premise
   * number, "100,000 nodes", is still declined for low coverage); ranking untouched.
   */
  describedWords: 1,
  /**
   * A names-absent or low-coverage decline that would be unsure without the words set aside that
   * no document found uses (described or compared words: "around Bautzen", "the 1966 final") goes
   * to the model as `doubtful` (decide.ts `unsureWithoutAside`: as words no passage can hold they
   * weigh most in coverage, yet they are not what is asked); 0 = off. Alone, on the development
   * data (docs/declines.md): false declines unchanged everywhere; negatives declined by search
   * unchanged (pool 19/65, tables-unseen 2/6, tables-check 0/6); 25 everyday off-topic questions
   * asked of each of 9 libraries 166/225 → 165/225 declined by search. Ranking untouched.
   */
  asideWordsUncounted: 1,
  /**
   * ...and so are the absent capitalised words that stand in one name with a word the passages have
   * ("the Upper Lusatian one", "the Sorbian of Lower Lusatia": name-qualifiers.ts): they qualify
   * what the documents name; 0 = off. With asideWordsUncounted: tables-unseen false declines 3/24
   * → 1/24 (both qualified names now doubtful), tables-check 0/26 and pool 2/318 unchanged;
   * negatives declined by search unchanged; off-topic 166/225 → 159/225 ("World Cup", "New York",
   * "Berlin Wall": the found word of the name is a common one). Ranking untouched. With it, the
   * word opening any sentence of the question, not only its first, is no name (decide.ts
   * `namesAbsent`): one off-topic question moved from names-absent to low-coverage, both declined.
   */
  nameQualifiers: 1,
  /**
   * A low-coverage decline goes to the model when one passage found holds at least this many of
   * the question's own words and none of them is unknown to the dictionary (decide.ts
   * `sharesSubject`): the passage shares the question's subject, and what sinks coverage is the
   * asker's paraphrase, words the library never uses. 0 = off. Development data (docs/declines.md):
   * the 89 everyday off-topic questions search declines for low coverage have at most 2 words in
   * one passage; the paraphrased questions it declined have 5, 5 and 2 ("monochrome laser printer
   * … shades of grey", "monster formula … narrow column", "flawed … neutralise"). 3 is the least
   * that separates them; 4 leaves a word of margin. No near-miss negative is a low-coverage
   * decline without an unknown word.
   */
  modelJudgesWordsTogether: 4,
  /**
   * A word made of a prefix the en_US dictionary itself declares productive (re, in, un, de, dis,
   * con, pro) and an English word of at least this many letters is English, the asker's
   * paraphrase ("ungrouped", "recompute"), not a word no dictionary holds (english-words.ts); 0 =
   * off. Shorter stems are left out so that names like "conda" or "detex" stay unknown. Five-set
   * pool (with comparisonWords): false declines fold A 2/113 → 1/113, fold B 1/113 → 1/113;
   * negatives unchanged (none of their unknown words has such a prefix).
   */
  prefixedStemLetters: 4,
  /**
   * Decline when the best passages cover less than this IDF-weighted share of the question...
   * Answerable questions of the dev set and of a second, blind-written set over five other Debian
   * PDFs (docs/retrieval.md) go down to 0.28; off-topic questions in everyday words ("who won
   * the football world cup?") land at 0.18-0.26. 0.30 falsely declined 3 of 23 in the second set.
   * On the five-set pool 0.2 would cut false declines 5 → 4 of 226 without losing a negative, but 15
   * everyday off-topic questions asked of each of its five libraries were declined 51 of 75 times
   * at 0.25 and 43 at 0.2.
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
   * With the model as the second judge (it replies with a marker when the passages do not answer,
   * generate/not-found-marker.ts), a names-absent or low-coverage decline is kept only when search
   * is sure: fewer than this share of the question's own words are found together in a passage
   * (`local`). Above it most of the question is found, and the decision is left to the model
   * (`doubtful`). Six-set pool, baseline 5/278 false declines and 25/55 negatives declined: 0.40–0.45
   * give 2/278 (one per fold) with 16–18 negatives still declined; 0.47 adds a false decline in
   * fold A; 0.5 gives 5/278. Ranking is untouched (the decision only). Above 1 = off.
   */
  modelJudgesAboveLocal: 0.45,
  /**
   * ...and a names-absent decline whose other words are found together at least this well (the
   * share of the question without the absent names, decide.ts `restFoundTogether`) goes to the
   * model too: the name may be the asker's own way of saying it. 0.6 is about the upper quartile
   * of answerable questions' own `local` on the seven-set pool (0.61): the rest is found as well
   * as a well-matched answer's words are. Seven-set pool: no answerable question is a names-absent
   * decline at any value (false declines 2/318 either way); negatives declined by search 21 → 15 /
   * 18 / 19 / 20 at 0.45 / 0.5 / 0.6 / 0.7 (those go to the model, which declines with its
   * marker). Above 1 = off.
   */
  modelJudgesNameAboveRest: 0.6,
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
   * Reading on into the next section's opening chunk (pool of 226, once chunks stopped carrying
   * overlap across headings): hit@5 0.819 -> 0.827, MRR 0.711 -> 0.718, passages 306 -> 318 words.
   */
  mergeChunks: 3,
  mergePool: 3,
  /**
   * Two passages that a join brings next to each other (a chunk ranking after both fills the gap
   * between them) become one of at most this many words: the same passage as when the chunks rank
   * in the other order (merge-adjacent.ts), twice a chunk's longest. The Debian FAQ as PDF ranked
   * its section 6.5 above the chunk that joined it to 6.5.1, and its answer left the top five; as
   * HTML it did not (PDF hit@5 0.867 -> 0.900, MRR@10 0.826 -> 0.871; HTML unchanged). Pool of
   * 278 (six sets), keyword-only: hit@5 the same in every set, MRR@10 0.722 -> 0.724, passages
   * 312 -> 314 words; without the limit MRR@10 0.729 but 325 words (formats set 303 -> 325, over
   * its target of 320).
   */
  mergeTouchingWords: 500,
  /**
   * Most words of any passage of several chunks (merge-adjacent.ts; a table's pipes and rule not
   * counted): a chunk that would take it further stays a passage of its own. Three full chunks of
   * prose made passages of up to 720 words (the msm manual's pages, 230-250 words a chunk). Pool,
   * keyword-only, against no limit: 650 changes no question's rank in any of the seven sets and
   * shortens the top five (tables 372 -> 364 words, dev 329 -> 323, fourth 303 -> 299); 625 moves
   * two tables questions from rank 1 to 2 (the answering printout read on from the chunk that
   * introduces the model), 600 costs third hit@5 0.974 -> 0.947 and dev 0.833 -> 0.806. At index
   * 22, with a table's keyword place (table-keyword-place.ts) ranking more table pieces high
   * enough to join a passage, 650 let the tables set's top five reach 362 words; 640 brings them
   * to 356 and leaves every rank of the pool and of the development sets as it was but one
   * (tables-fresh7's MrBayes marginal likelihoods, a printout across two chunks that made a passage
   * of 642 words, leaves the top 10).
   */
  mergeMaxWords: 640,
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
  /**
   * The rerank stage (rerank-stage.ts, only with a cross-encoder imported): the first stage's top
   * passages it re-scores. Published cross-encoder pipelines rerank the top 20–100 (Nogueira & Cho
   * 2019: 1000, too slow on a desktop CPU); 30 keeps the answer's usual rank within reach.
   */
  rerankCandidates: 30,
  /**
   * Time the cross-encoder may take per search: candidates are scored in first-stage order in
   * batches sized from its measured time per passage, and the rest keep their first-stage place.
   */
  rerankBudgetMs: 150,
  /**
   * The cross-encoder's ranking is fused with the first stage's by weighted RRF rather than
   * replacing it: the first stage's evidence (coverage, names, neighbours) still counts. Over a
   * list of 30, RRF's usual constant of 60 makes first and thirtieth place differ by a factor of
   * 1.5 only and the reranker could hardly move anything, so this fusion uses 10. With weight 2, a
   * passage the reranker puts first climbs from 30th to 4th when it otherwise agrees with the
   * first stage, and the first stage's order decides among passages the reranker scores alike.
   * Not yet measured on real models (docs/reranking.md says how).
   */
  rerankRrfK: 10,
  /**
   * Query help (answer/query-help.ts): each wording the model wrote is searched like the question,
   * its BM25 and vector lists joining the fusion at this share of the question's own weights. Below
   * 1 because the model's words are a guess at the library's (Query2doc and HyDE both keep the
   * question beside the generated text). Not yet measured on real models (docs/query-help.md).
   */
  wAlsoSearched: 0.5,
  /**
   * A follow-up that points back at the previous answer ("which one of those …", refers-back.ts) is
   * searched there first (earlier-turn-stage.ts): the candidates of the previous answer's documents,
   * ranked by the question's evidence, join the fusion at `wEarlierDocument`, and the passage it
   * rests on most (its first cited, else its first) at `wEarlierPassage`. Pool, keyword-only,
   * against both 0: 0.8 / 0.4 raised pooled hit@5 0.843 -> 0.852 and MRR@10 0.726 -> 0.731, no set's
   * hit@5 lower (large MRR@10 -0.007: one follow-up 1 -> 3); every previous passage at 0.8 instead
   * of the first cost large 0.011 of hit@5 (follow-ups asking the next thing, answered nearby);
   * the first passage at 0.8 cost the second set 0.022 of MRR@10. Asked after an unrelated
   * question (every question of the pool after the one before it, as one conversation), 0.8 / 0.4
   * leaves hit@5 at 0.842 and costs MRR@10 0.688 -> 0.685 (11 of 247 questions read as pointing back).
   */
  /**
   * A question that names a table as where the answer is ("going by the operators table",
   * "according to the table of solvers", "in Table 2", cites-table.ts): the candidates holding a
   * table, ranked by the question's evidence, join the fusion at this weight. Pool, keyword-only:
   * 7 questions read so (3 of them negatives, still declined as before); one moves (MetaPost's
   * `sind` lookup 2 -> 1), at any weight from 0.4 to 1.6; nothing else in the pool changes.
   */
  wCitedTable: 0.8,
  wEarlierDocument: 0.8,
  wEarlierPassage: 0.4,
  wRerank: 2,
}

export type Tuning = Readonly<typeof TUNING>

/** The defaults, frozen: nothing changes them at run time. */
export const DEFAULT_TUNING: Tuning = Object.freeze({ ...TUNING })

/**
 * The defaults with some values replaced ("key=value" pairs from `--tune`); an unknown key or a
 * value that is not a finite number is an error naming the keys there are.
 */
export function tuningWith(overrides: Record<string, number | string>): Tuning {
  const out: Record<string, number> = { ...DEFAULT_TUNING }
  for (const [key, raw] of Object.entries(overrides)) {
    if (!(key in DEFAULT_TUNING))
      throw new Error(`unknown tuning key "${key}"; known keys: ${Object.keys(DEFAULT_TUNING).join(', ')}`)
    const value = typeof raw === 'number' ? raw : Number(raw)
    if (!Number.isFinite(value)) throw new Error(`tuning value for "${key}" must be a number, got "${raw}"`)
    out[key] = value
  }
  return Object.freeze(out) as Tuning
}
