import { ocrChunkIndexProblems } from './ocr-chunk-index.js'
import type { Db } from './open-database.js'

/** What SQLite's own checks say about a library database. */
export interface DatabaseCheck {
  ok: boolean
  kind: 'quick' | 'full'
  /** SQLite's messages (integrity_check rows, the FTS check's error), empty when ok. */
  problems: string[]
}

const MAX_PROBLEMS = 20

/**
 * PRAGMA quick_check: every page readable and well-formed, without matching indexes to tables
 * (that is what makes it cheap enough for every writer's open). A damaged file can throw rather
 * than answer; that is reported as a problem too.
 */
export function quickCheck(db: Db): DatabaseCheck {
  return { kind: 'quick', ...run(() => pragmaRows(db, 'quick_check')) }
}

/**
 * integrity_check (every index against its table) plus FTS5's integrity-check with rank 1, which
 * also compares the full-text index with the chunks it is built from (a stale or damaged FTS
 * index answers searches wrongly while SQLite's own check passes), and the same for the folded
 * index of OCR chunks (ocr-chunk-index.ts).
 */
export function fullCheck(db: Db): DatabaseCheck {
  const sqlite = run(() => pragmaRows(db, 'integrity_check'))
  const fts = run(() => {
    db.prepare("INSERT INTO chunks_fts(chunks_fts, rank) VALUES ('integrity-check', 1)").run()
    return []
  })
  const ocr = run(() => ocrChunkIndexProblems(db))
  const problems = [
    ...sqlite.problems,
    ...fts.problems.map((p) => `full-text index: ${p}`),
    ...ocr.problems.map((p) => `OCR full-text index: ${p}`),
  ]
  return { ok: problems.length === 0, kind: 'full', problems }
}

/**
 * SQLite's listing in one line, for messages: how many problems and the first one. The listing
 * itself can run to hundreds of lines (one row may hold many); `quire check --json` keeps it whole.
 */
export function summariseProblems(problems: readonly string[]): string {
  const lines = problems
    .flatMap((p) => p.split('\n'))
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^\*\*\* in database \w+ \*\*\*$/.test(l))
  if (lines.length === 0) return 'the integrity check failed'
  const first = lines[0]!.length > 160 ? `${lines[0]!.slice(0, 157)}...` : lines[0]!
  return lines.length === 1
    ? `SQLite's check found 1 problem: ${first}`
    : `SQLite's check found ${lines.length} problems; the first: ${first}`
}

function pragmaRows(db: Db, pragma: 'quick_check' | 'integrity_check'): string[] {
  const rows = db.pragma(`${pragma}(${MAX_PROBLEMS})`, { simple: false }) as Record<string, string>[]
  const messages = rows.map((r) => Object.values(r)[0] ?? '')
  return messages.length === 1 && messages[0] === 'ok' ? [] : messages
}

function run(fn: () => string[]): { ok: boolean; problems: string[] } {
  try {
    const problems = fn()
    return { ok: problems.length === 0, problems }
  } catch (err) {
    return { ok: false, problems: [err instanceof Error ? err.message : String(err)] }
  }
}
