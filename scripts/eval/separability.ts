// How well one number per question tells the negatives the engine answered from the answerable
// questions it answered: the area under the ROC curve per fold, and a decline threshold fitted on
// one fold and counted on the other (docs/retrieval.md: a signal is kept only if it separates on
// the held-out fold).

export interface Scored {
  fold: 'A' | 'B'
  negative: boolean
  /** Higher = more likely a question the documents cannot answer. */
  value: number
}

/** P(a negative scores above an answerable question), ties counting half. NaN without both kinds. */
export function auc(rows: Scored[]): number {
  const neg = rows.filter((r) => r.negative).map((r) => r.value)
  const pos = rows.filter((r) => !r.negative).map((r) => r.value)
  if (!neg.length || !pos.length) return NaN
  let wins = 0
  for (const a of neg) for (const b of pos) wins += a > b ? 1 : a === b ? 0.5 : 0
  return wins / (neg.length * pos.length)
}

export interface CrossFold {
  train: 'A' | 'B'
  /** Decline when value ≥ threshold; null when no threshold keeps the training fold's budget. */
  threshold: number | null
  trainNegatives: number
  trainFalseDeclines: number
  testNegatives: number
  testFalseDeclines: number
}

/**
 * The threshold (one of the training fold's values, the lowest on a tie) declining the most
 * training-fold negatives while adding at most `falseDeclineBudget` false declines there, then
 * what it does on the other fold.
 */
export function crossFold(rows: Scored[], train: 'A' | 'B', falseDeclineBudget: number): CrossFold {
  const test = train === 'A' ? 'B' : 'A'
  const count = (fold: 'A' | 'B', t: number) => ({
    neg: rows.filter((r) => r.fold === fold && r.negative && r.value >= t).length,
    fd: rows.filter((r) => r.fold === fold && !r.negative && r.value >= t).length,
  })
  let best: { t: number; neg: number; fd: number } | null = null
  for (const t of [...new Set(rows.filter((r) => r.fold === train).map((r) => r.value))].sort(
    (a, b) => a - b,
  )) {
    const c = count(train, t)
    if (c.fd <= falseDeclineBudget && (!best || c.neg > best.neg)) best = { t, ...c }
  }
  if (!best)
    return {
      train,
      threshold: null,
      trainNegatives: 0,
      trainFalseDeclines: 0,
      testNegatives: 0,
      testFalseDeclines: 0,
    }
  const c = count(test, best.t)
  return {
    train,
    threshold: best.t,
    trainNegatives: best.neg,
    trainFalseDeclines: best.fd,
    testNegatives: c.neg,
    testFalseDeclines: c.fd,
  }
}
