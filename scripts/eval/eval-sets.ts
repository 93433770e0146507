// Which QA files run against which corpora, and the two-fold split of the pooled questions.
import fs from 'node:fs'
import path from 'node:path'
import type { QaRecord } from './metrics.js'

export interface EvalSet {
  name: string
  qa: string
  docs: string
  records: QaRecord[]
  /**
   * Sets added to the pool later form a later batch (0 = the first three). A later batch's
   * documents are split into the folds after the earlier ones', so adding a set never moves an
   * existing document to the other fold and figures stay comparable with earlier runs.
   */
  batch?: number
}

/**
 * The development pool (docs/retrieval.md): the sets' QA files, relative to the repository, and
 * each set's corpus folder under the pool's root. `third` and `fourth` were written blind after the
 * constants were tuned on the first three (batch 1).
 */
export const POOL: { name: string; qa: string; corpus: string; batch: number }[] = [
  { name: 'dev', qa: '../shared/eval/dev_qa.jsonl', corpus: 'dev', batch: 0 },
  { name: 'second', qa: 'eval/second-set/extra_qa.jsonl', corpus: 'second', batch: 0 },
  { name: 'large', qa: '../shared/eval/large/large_qa.jsonl', corpus: 'large', batch: 0 },
  { name: 'third', qa: 'eval/third-set/qa.jsonl', corpus: 'third', batch: 1 },
  { name: 'fourth', qa: 'eval/fourth-set/qa.jsonl', corpus: 'fourth', batch: 1 },
  // Documents other than PDFs (docs/formats.md), written blind: bash
  // ../shared/eval/formats/fetch-corpus.sh DIR/formats. Its records have no pages; a hit is a
  // passage of the gold file holding every must_contain string (metrics.ts).
  { name: 'formats', qa: '../shared/eval/formats/formats_qa.jsonl', corpus: 'formats', batch: 2 },
  // Answers that are cells of tables in Debian PDFs (docs/tables.md), written blind: bash
  // ../shared/eval/large/fetch-corpus.sh ../shared/eval/tables/manifest.txt DIR/tables.
  { name: 'tables', qa: '../shared/eval/tables/tables_qa.jsonl', corpus: 'tables', batch: 3 },
]

/**
 * The parity set (eval/parity-set/README.md): one manual, the Debian FAQ, as Debian ships it in
 * PDF and in HTML, asked the same 30 questions both ways (`--parity DIR`, DIR from
 * `bash eval/parity-set/fetch.sh DIR`). Not in the pool: it measures formats against each other.
 */
export function paritySets(root: string, repo: string): EvalSet[] {
  return (['pdf', 'html'] as const).map((format) => {
    const qa = path.resolve(repo, `eval/parity-set/qa-${format}.jsonl`)
    const docs = path.join(root, format)
    if (!fs.existsSync(docs)) throw new Error(`${docs} is missing: bash eval/parity-set/fetch.sh ${root}`)
    return { name: `parity-${format}`, qa, docs, records: readRecords(qa) }
  })
}

export function readRecords(file: string): QaRecord[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as QaRecord)
}

/** `NAME=QA.jsonl:DOCS` → a set. */
export function parseSetArg(arg: string): EvalSet {
  const m = /^([^=]+)=(.+\.jsonl):(.+)$/.exec(arg)
  if (!m) throw new Error(`--set wants NAME=QA.jsonl:DOCS_DIR, got "${arg}"`)
  return { name: m[1]!, qa: m[2]!, docs: m[3]!, records: readRecords(m[2]!) }
}

/** The pool's sets over corpora fetched into ROOT/dev, ROOT/second, ROOT/large, … */
export function poolSets(root: string, repo: string): EvalSet[] {
  return POOL.map((s) => {
    const qa = path.resolve(repo, s.qa)
    const docs = path.join(root, s.corpus)
    if (!fs.existsSync(docs))
      throw new Error(`${docs} is missing: fetch the corpora first (docs/retrieval.md)`)
    return { name: s.name, qa, docs, records: readRecords(qa), batch: s.batch }
  })
}

export type Fold = 'A' | 'B'

/**
 * Two folds split by document, so a change kept because it helps both folds cannot be a fit to
 * one document's wording. Documents (with every question about them) go greedily, most questions
 * first, to the fold holding fewer questions, one batch after another (EvalSet.batch); negatives
 * (no document) alternate in file order. Deterministic: the same pool always splits the same way.
 */
export function assignFolds(sets: EvalSet[]): Map<string, Fold> {
  const perDoc = new Map<string, { n: number; batch: number }>()
  for (const s of sets)
    for (const r of s.records)
      if (r.file) {
        const d = perDoc.get(docKey(s, r)) ?? { n: 0, batch: s.batch ?? 0 }
        d.n++
        perDoc.set(docKey(s, r), d)
      }
  const sizes = { A: 0, B: 0 }
  const docFold = new Map<string, Fold>()
  const order = [...perDoc].sort(
    (a, b) => a[1].batch - b[1].batch || b[1].n - a[1].n || a[0].localeCompare(b[0]),
  )
  for (const [doc, { n }] of order) {
    const f: Fold = sizes.A <= sizes.B ? 'A' : 'B'
    docFold.set(doc, f)
    sizes[f] += n
  }
  const out = new Map<string, Fold>()
  let neg = 0
  for (const s of sets)
    for (const r of s.records)
      out.set(recordKey(s, r), r.file ? docFold.get(docKey(s, r))! : neg++ % 2 === 0 ? 'A' : 'B')
  return out
}

export const recordKey = (s: EvalSet, r: QaRecord) => `${s.name}/${r.id}`
const docKey = (s: EvalSet, r: QaRecord) => `${s.name}/${r.file}`
