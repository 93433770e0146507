// Retrieval metrics exactly as ../shared/eval/README.md defines them.

export interface QaRecord {
  id: string
  conversation_id: string | null
  turn: number | null
  type: string
  question: string
  file: string | null
  pages: number[]
  must_contain: string[]
  /** The document's format (the formats set: docx, odt, html, md, txt, epub, xlsx, csv). */
  format?: string
}

export interface RankedPassage {
  file: string
  pages: number[]
  text: string
}

/** NFKC, case-fold, collapse whitespace (Python's str.isspace set, incl. \x1c-\x1f). */
export function norm(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\x1c-\x1f\x85\xa0]+/g, ' ')
    .trim()
}

/**
 * The matching rule's normalisation (../shared/eval/tables/README.md): as norm, with Markdown table
 * pipes counted as spaces on both sides, so a row rendered as a table still matches its gold.
 */
function normCells(s: string): string {
  return norm(s.replace(/\|/g, ' '))
}

/**
 * A record without pages (../shared/eval/formats/README.md, "Matching rule"): a passage of the
 * gold file holding every must_contain string; for multi_passage records, at least one of them
 * (the strings sit in different places).
 */
function matchesPageless(rec: QaRecord, p: RankedPassage): boolean {
  const text = normCells(p.text)
  const found = (m: string) => text.includes(normCells(m))
  return rec.type === 'multi_passage' ? rec.must_contain.some(found) : rec.must_contain.every(found)
}

/** A multi_passage record is covered when the passages together hold all of its gold. */
export function coversAllGold(rec: QaRecord, passages: RankedPassage[]): boolean {
  if (rec.type !== 'multi_passage') return false
  if (rec.pages.length === 0) {
    const mine = passages
      .filter((p) => p.file.split(/[\\/]/).pop() === rec.file)
      .map((p) => normCells(p.text))
    return rec.must_contain.every((m) => mine.some((t) => t.includes(normCells(m))))
  }
  return rec.pages.every((pg) => passages.some((p) => matches({ ...rec, pages: [pg] }, p)))
}

export function matches(rec: QaRecord, p: RankedPassage): boolean {
  if (!rec.file) return false
  const base = p.file.split(/[\\/]/).pop()
  if (base !== rec.file) return false
  if (rec.pages.length === 0) return matchesPageless(rec, p)
  if (!p.pages.some((pg) => rec.pages.includes(pg))) return false
  const text = normCells(p.text)
  return rec.must_contain.some((m) => text.includes(normCells(m)))
}

/** Words of a passage as a reader counts them: a Markdown table's pipes and header rule are not words. */
export function wordsOf(text: string): number {
  return text.split(/[\s|]+/).filter((w) => w && !/^:?-{3,}:?$/.test(w)).length
}

export function firstMatchRank(rec: QaRecord, results: RankedPassage[], k = 10): number | null {
  for (let i = 0; i < Math.min(k, results.length); i++) if (matches(rec, results[i]!)) return i + 1
  return null
}

export interface EvalRow {
  rec: QaRecord
  rank: number | null
  declined: boolean
  coversAllGold: boolean
  /** Words in each of the top-5 passages: hit@k only compares between systems with similar passages. */
  top5Words: number[]
}

export function summarize(rows: EvalRow[]) {
  const answerable = rows.filter((r) => r.rec.type !== 'negative')
  const negatives = rows.filter((r) => r.rec.type === 'negative')
  const hit = (k: number) =>
    answerable.filter((r) => r.rank !== null && r.rank <= k).length / Math.max(1, answerable.length)
  const mrr = answerable.reduce((s, r) => s + (r.rank ? 1 / r.rank : 0), 0) / Math.max(1, answerable.length)
  const multi = answerable.filter((r) => r.rec.type === 'multi_passage')
  const byType: Record<string, { n: number; hit5: number; mrr10: number }> = {}
  for (const r of answerable) {
    const t = (byType[r.rec.type] ??= { n: 0, hit5: 0, mrr10: 0 })
    t.n++
    if (r.rank !== null && r.rank <= 5) t.hit5++
    t.mrr10 += r.rank ? 1 / r.rank : 0
  }
  for (const t of Object.values(byType)) {
    t.hit5 = round(t.hit5 / t.n)
    t.mrr10 = round(t.mrr10 / t.n)
  }
  return {
    answerable: answerable.length,
    hit1: round(hit(1)),
    hit3: round(hit(3)),
    hit5: round(hit(5)),
    mrr10: round(mrr),
    negatives: negatives.length,
    negatives_declined: negatives.filter((r) => r.declined).length,
    false_declines: answerable.filter((r) => r.declined).length,
    multi_passage_all_gold_top5: `${multi.filter((r) => r.coversAllGold).length}/${multi.length}`,
    top5_passage_words: passageWords(rows.flatMap((r) => r.top5Words)),
    by_type: byType,
  }
}

/** Mean and 90th percentile of passage lengths in words. */
function passageWords(words: number[]): { mean: number; p90: number } {
  if (words.length === 0) return { mean: 0, p90: 0 }
  const sorted = [...words].sort((a, b) => a - b)
  const mean = words.reduce((s, w) => s + w, 0) / words.length
  return { mean: Math.round(mean), p90: sorted[Math.floor(0.9 * (sorted.length - 1))]! }
}

const round = (x: number) => Math.round(x * 1000) / 1000
