// Migration 8's data step: messages stored before it keep their timings in snake_case
// ({"retrieval_ms":…}) and their warnings as sentences worded for the CLI. Both are rewritten into
// today's shapes: camelCase timings and structured warnings ({ kind, … }) that each surface words
// itself. A sentence no kind matches is kept word for word as a `note`, so nothing is lost.
import type { AnswerTimings, AnswerWarning, OllamaProblem } from '@shared/chat-types.js'
import type { Db } from './db.js'

interface OldRow {
  id: number
  timings: string | null
  warnings: string
  problem: string | null
}

function parse(text: string | null): unknown {
  if (text === null) return null
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

/** {"retrieval_ms","first_token_ms","total_ms"} → AnswerTimings; already camelCase is kept. */
export function camelTimings(value: unknown): AnswerTimings | null {
  if (typeof value !== 'object' || value === null) return null
  const t = value as Record<string, unknown>
  return {
    retrievalMs: num(t.retrievalMs ?? t.retrieval_ms) ?? 0,
    firstTokenMs: num(t.firstTokenMs ?? t.first_token_ms),
    totalMs: num(t.totalMs ?? t.total_ms) ?? 0,
  }
}

/** One stored warning sentence → its structured form (the answer's stored Ollama problem, if any). */
export function structuredWarning(line: string, problem: OllamaProblem | null): AnswerWarning {
  let m: RegExpMatchArray | null
  if (
    (m = line.match(/^(\d+) of (\d+) retrieved passages did not fit in the model's context \((\d+) tokens\)/))
  )
    return { kind: 'passages-omitted', omitted: Number(m[1]), total: Number(m[2]), window: Number(m[3]) }
  if (
    (m = line.match(
      /^(?:1 passage was|(\d+) passages were) given to the model as its most relevant sentences to fit its context \((\d+) tokens\)/,
    ))
  )
    return { kind: 'passages-trimmed', count: m[1] ? Number(m[1]) : 1, window: Number(m[2]) }
  if (/^The top passage was too long for the model's context/.test(line))
    return { kind: 'top-passage-shortened' }
  if ((m = line.match(/^The answer cited ((?:\[\d+\](?:, )?)+), which (?:is|are) not/)))
    return { kind: 'invalid-citations', numbers: [...m[1]!.matchAll(/\d+/g)].map((d) => Number(d[0])) }
  if ((m = line.match(/^Unsupported figure: "(.*)" appears in none of the cited passages/)))
    return { kind: 'unsupported-figure', figure: m[1]! }
  if ((m = line.match(/^The answer reached the length limit \((\d+) tokens\)/)))
    return { kind: 'length-limit', answerTokens: Number(m[1]) }
  if (/^Stopped: the answer is incomplete/.test(line)) return { kind: 'stopped' }
  if (/^Stopped before the answer began/.test(line)) return { kind: 'stopped-before-start' }
  if (/^The answer cites no sources/.test(line)) return { kind: 'no-citations' }
  // Both sentences restate the answer's Ollama problem, which the message stores as data.
  if (problem && /^Ollama: /.test(line)) return { kind: 'retrieval-only', problem }
  if (problem && /^The answer broke off: /.test(line)) return { kind: 'broke-off', problem }
  return { kind: 'note', text: line }
}

function isProblem(v: unknown): v is OllamaProblem {
  const p = v as OllamaProblem | null
  return !!p && typeof p.kind === 'string' && typeof p.message === 'string' && typeof p.fix === 'string'
}

/** Rewrites every stored message into today's shapes. Runs inside the migration's transaction. */
export function migrateMessageJson(db: Db): void {
  const rows = db.prepare(`SELECT id, timings, warnings, problem FROM messages`).all() as OldRow[]
  const update = db.prepare(`UPDATE messages SET timings = ?, warnings = ? WHERE id = ?`)
  for (const r of rows) {
    const problem = parse(r.problem)
    const stored = parse(r.warnings)
    const warnings = Array.isArray(stored)
      ? stored.map((w) =>
          typeof w === 'string'
            ? structuredWarning(w, isProblem(problem) ? problem : null)
            : (w as AnswerWarning),
        )
      : r.warnings.trim()
        ? // Unreadable as JSON: kept as it was written, as one line.
          [{ kind: 'note' as const, text: r.warnings }]
        : []
    const timings = camelTimings(parse(r.timings))
    update.run(timings ? JSON.stringify(timings) : null, JSON.stringify(warnings), r.id)
  }
}
