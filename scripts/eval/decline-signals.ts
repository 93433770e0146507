// Measures candidate decline signals on the development pool without changing the engine
// (docs/retrieval.md): each question of the pool is searched as `npm run eval` does, and each
// signal's value for the questions the engine answered is compared between the negatives and the
// answerable questions: area under the ROC curve per fold, and a threshold fitted on one fold
// (at most one more false decline there) counted on the other.
//
//   npm run eval -- --pool DIR --cache LIBS          build the libraries once
//   npm run eval:signals -- --pool DIR --cache LIBS  then measure
import path from 'node:path'
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import type { SearchHit } from '../../src/shared/library-types.js'
import { analyseQuestion, type QuestionAnalysis } from '../../src/main/engine/retrieve/analyse-question.js'
import { answerTypeFit } from '../../src/main/engine/retrieve/answer-type.js'
import { HybridSearch } from '../../src/main/engine/retrieve/hybrid-search.js'
import { KeywordSearch } from '../../src/main/engine/retrieve/keyword-search.js'
import { ftsQuote, isStopword } from '../../src/main/engine/retrieve/query-terms.js'
import { splitSentences } from '../../src/main/engine/text/sentences.js'
import { passageStems, stem, tokenize } from '../../src/main/engine/text/tokens.js'
import { assignFolds, poolSets, recordKey } from './eval-sets.js'
import { auc, crossFold, type Scored } from './separability.js'

const { values } = parseArgs({ options: { pool: { type: 'string' }, cache: { type: 'string' } } })
if (!values.pool || !values.cache) {
  console.error(
    'usage: npm run eval:signals -- --pool DIR --cache LIBS (after npm run eval with the same --cache)',
  )
  process.exit(2)
}

interface Asked {
  q: QuestionAnalysis
  /** Sentences of the top-5 passages: text and stems. */
  sentences: { text: string; stems: Set<string> }[]
  hits: SearchHit[]
  /** Chunks of the documents found holding both words. */
  together: (a: string, b: string) => number
}

/** The question's rarest term that the top-5 passages hold. */
function focus(a: Asked) {
  const all = new Set(a.sentences.flatMap((s) => [...s.stems]))
  return [...a.q.terms].sort((x, y) => y.idf - x.idf).find((t) => all.has(t.stem))
}

/** "what is the default value of", "which hyperref option", "how many trees": the words asked for. */
const ASKED =
  /\b(?:what|which|how many|how much)\s+(?:(?:is|are|was|were|does|do|did)\s+(?:the|a|an)\s+)?((?:[\w-]+\s+){0,4}?[\w-]+?)(?=\s+(?:of|does|do|did|is|are|was|were|will|would|can|should|for|in|on|to|that|when|must|has|have)\b|[?,])/i

const SIGNALS: Record<string, (a: Asked) => number> = {
  // The largest IDF share of the question inside one sentence (not a 40-token window).
  'no sentence holds the question': (a) => {
    const total = a.q.terms.reduce((s, t) => s + t.idf, 0) || 1
    let best = 0
    for (const s of a.sentences)
      best = Math.max(
        best,
        a.q.terms.filter((t) => s.stems.has(t.stem)).reduce((x, t) => x + t.idf, 0) / total,
      )
    return 1 - best
  },
  // Answer-type checking: a number or command question whose focus sentences hold no such token.
  'answer type absent from focus sentences': (a) => {
    const f = focus(a)
    const types = new Set([...a.q.answerTypes].filter((t) => t !== 'year'))
    if (!types.size) return 0
    if (!f) return 1
    return a.sentences.some((s) => s.stems.has(f.stem) && answerTypeFit(s.text, types) > 0) ? 0 : 1
  },
  // The asked-for head noun and the rarest topic term never in one sentence.
  'asked-for term apart from the topic': (a) => {
    const m = ASKED.exec(a.q.query)
    if (!m) return 0
    const asked = tokenize(m[1]!).filter((w) => !isStopword(w))
    if (!asked.length) return 0
    const head = stem(asked.at(-1)!)
    const all = new Set(a.sentences.flatMap((s) => [...s.stems]))
    const topic = [...a.q.terms]
      .sort((x, y) => y.idf - x.idf)
      .find((t) => !asked.includes(t.word) && all.has(t.stem))
    if (!topic) return 1
    return a.sentences.some((s) => s.stems.has(head) && s.stems.has(topic.stem)) ? 0 : 1
  },
  // Adjacent content-word pairs of the question ("breakdown point") present but never adjacent.
  'question word pairs broken up': (a) => {
    const toks = tokenize(a.q.query).filter((w) => !/^\d+$/.test(w))
    const adj = new Set<string>()
    const all = new Set<string>()
    for (const h of a.hits.slice(0, 5)) {
      const st = passageStems(h.text)
      st.forEach((x, i) => (all.add(x), i && adj.add(`${st[i - 1]} ${x}`)))
    }
    let n = 0
    for (let i = 1; i < toks.length; i++) {
      const [x, y] = [toks[i - 1]!, toks[i]!]
      if (isStopword(x) || isStopword(y)) continue
      if (all.has(stem(x)) && all.has(stem(y)) && !adj.has(`${stem(x)} ${stem(y)}`)) n++
    }
    return n
  },
  // Co-occurrence in the library: the question's words the passages lack that no chunk of the
  // documents found holds together with the focus term (their IDF share).
  'missing words never with the focus': (a) => {
    const f = focus(a)
    const all = new Set(a.sentences.flatMap((s) => [...s.stems]))
    const total = a.q.terms.reduce((s, t) => s + t.idf, 0) || 1
    if (!f) return 1
    return (
      a.q.terms
        .filter((t) => (t.df ?? 0) > 0 && t !== f && !all.has(t.stem) && a.together(f.word, t.word) === 0)
        .reduce((s, t) => s + t.idf, 0) / total
    )
  },
}

const sets = poolSets(values.pool, process.cwd())
const folds = assignFolds(sets)
const scored: Record<string, Scored[]> = Object.fromEntries(Object.keys(SIGNALS).map((k) => [k, []]))
for (const set of sets) {
  const db = new Database(path.join(values.cache, set.name, 'library.sqlite'), { readonly: true })
  const search = new HybridSearch({ db, embedder: null, vectors: null })
  const vocab = new KeywordSearch(db)
  const both = db
    .prepare(
      `SELECT count(*) FROM chunks_fts f JOIN chunks c ON c.id = f.rowid
       WHERE chunks_fts MATCH ? AND c.document_id IN (SELECT value FROM json_each(?))`,
    )
    .pluck()
  const history = new Map<string, string[]>()
  for (const rec of set.records) {
    const context = rec.conversation_id ? (history.get(rec.conversation_id) ?? []) : []
    if (rec.conversation_id) history.set(rec.conversation_id, [...context, rec.question])
    const r = await search.search(rec.question, { k: 10, context })
    if (r.declined) continue
    const docs = JSON.stringify([...new Set(r.results.map((h) => h.documentId))])
    const asked: Asked = {
      q: analyseQuestion(rec.question, context, vocab),
      hits: r.results,
      sentences: r.results
        .slice(0, 5)
        .flatMap((h) => splitSentences(h.text).map((text) => ({ text, stems: new Set(passageStems(text)) }))),
      together: (x, y) => both.get(`${ftsQuote(x)} AND ${ftsQuote(y)}`, docs) as number,
    }
    for (const [name, f] of Object.entries(SIGNALS))
      scored[name]!.push({
        fold: folds.get(recordKey(set, rec))!,
        negative: rec.type === 'negative',
        value: f(asked),
      })
  }
  db.close()
}

const fmt = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(2))
console.log(
  '| signal (higher = decline) | AUC fold A | AUC fold B | fitted on A → B: negatives / false declines | fitted on B → A |',
)
console.log('| --- | --- | --- | --- | --- |')
for (const [name, rows] of Object.entries(scored)) {
  const cell = (train: 'A' | 'B') => {
    const c = crossFold(rows, train, 1)
    return c.threshold === null ? 'no threshold' : `+${c.testNegatives} / +${c.testFalseDeclines}`
  }
  const A = rows.filter((r) => r.fold === 'A')
  const B = rows.filter((r) => r.fold === 'B')
  console.log(`| ${name} | ${fmt(auc(A))} | ${fmt(auc(B))} | ${cell('A')} | ${cell('B')} |`)
}
