// Shortens a passage to the sentences that matter for the question, each with its neighbours, so
// a small context window holds more sources instead of dropping whole ones. Gaps are marked " … "
// so the model (and anyone reading the prompt) sees that text was left out.
import type { Citation } from '@shared/chat-types.js'
import { bestSentences } from './retrieval-only.js'
import { splitSentences } from '../text/sentences.js'

/** Best sentences kept per passage; each brings the sentence before and after it. */
const BEST = 2
const NEIGHBOURS = 1

/** Rows of a table kept when a passage holding one is shortened. */
const TABLE_ROWS = 3
const TABLE_RULE = /^\|( *:?-{3,}:? *\|)+$/
const TABLE_ROW = /^\|.*\|$/

export function trimPassage(question: string, passage: Citation): string {
  const lines = passage.text.split('\n').map((l) => l.trim())
  const rule = lines.findIndex((l) => TABLE_RULE.test(l))
  if (rule >= 1 && TABLE_ROW.test(lines[rule - 1]!)) return trimTable(question, passage, lines, rule)
  const sentences = splitSentences(passage.text)
  if (sentences.length <= BEST * (1 + 2 * NEIGHBOURS)) return passage.text
  const best = bestSentences(question, [passage], BEST, { clip: false })
    .map((b) => sentences.indexOf(b.sentence))
    .filter((i) => i >= 0)
  // Nothing in the passage matches the question's words: its opening is the best guess.
  const anchors = best.length ? best : [0]
  const keep = new Set<number>()
  for (const i of anchors)
    for (let j = i - NEIGHBOURS; j <= i + NEIGHBOURS; j++) if (j >= 0 && j < sentences.length) keep.add(j)
  const order = [...keep].sort((a, b) => a - b)
  let out = order[0]! > 0 ? '… ' : ''
  order.forEach((i, k) => {
    if (k > 0) out += i === order[k - 1]! + 1 ? ' ' : ' … '
    out += sentences[i]
  })
  if (order.at(-1)! < sentences.length - 1) out += ' …'
  return out
}

/**
 * A passage holding a table keeps the table's caption (the line above its header), its header and
 * the rows that best match the question, in their order (the first rows when none matches): the
 * numbers of a row mean nothing without the column names. Text before the table is shortened as
 * any passage is; text after it is left out.
 */
function trimTable(question: string, passage: Citation, lines: string[], rule: number): string {
  let end = rule + 1
  while (end < lines.length && TABLE_ROW.test(lines[end]!)) end++
  const rows = lines.slice(rule + 1, end)
  const headStart = rule >= 2 && !TABLE_ROW.test(lines[rule - 2]!) ? rule - 2 : rule - 1
  const before = lines.slice(0, headStart).join('\n').trim()
  const head = lines.slice(headStart, rule + 1)
  let kept = rows.map((_, i) => i)
  if (rows.length > TABLE_ROWS) {
    // Each row a block of its own, so each is judged by itself.
    const asBlocks = { ...passage, text: rows.join('\n\n') }
    const best = bestSentences(question, [asBlocks], TABLE_ROWS, { clip: false })
      .map((b) => rows.indexOf(b.sentence.trim()))
      .filter((i) => i >= 0)
    kept = (best.length ? best : [0, 1, 2]).sort((a, b) => a - b)
  }
  const out: string[] = []
  if (before) out.push(trimPassage(question, { ...passage, text: before }))
  out.push(...head)
  kept.forEach((i, k) => {
    if (k === 0 ? i > 0 : i > kept[k - 1]! + 1) out.push('| … |')
    out.push(rows[i]!)
  })
  if (kept.at(-1)! < rows.length - 1 || end < lines.length) out.push('…')
  return out.join('\n')
}
