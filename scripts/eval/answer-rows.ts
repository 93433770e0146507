// How often a found answer to a table question is a row the model can read (docs/tables.md): the
// line of the answering passage that holds a gold string is a Markdown row under its table's
// header, and the line above that header says what the table is (a caption, the call that
// printed it, or the passage's opening line).
//
//   npx tsx scripts/eval/answer-rows.ts DUMP.jsonl QA.jsonl [SET]
// DUMP is `npm run eval -- … --dump FILE`; SET (default: tables) picks that set's questions.
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { readRecords } from './eval-sets.js'
import { norm } from './metrics.js'

const RULE = /^\|( *:?-{3,}:? *\|)+$/
const ROW = /^\|.*\|$/
/** A table's caption ("Table 3: …", "Coefficients:") or the call that printed it. */
const SAYS_WHAT = /^(table|tab\.)\s+\S+|^[^|]{1,60}:$|[\w.]+\([^()]*\)$|(^|\s)R?>\s*[\w.$]+$|\$\w+$/i

const cells = (s: string) => norm(s.replace(/\|/g, ' '))

/**
 * True when the first line of `text` holding one of `gold` (a table row when any is) is a Markdown
 * row under a header and its rule, with a caption, a printing call or the passage's opening line
 * just above the header.
 */
export function answerRowUnderCaption(text: string, gold: string[]): boolean {
  const lines = text.split('\n').map((l) => l.trim())
  const hits = lines.flatMap((l, i) => (gold.some((g) => cells(l).includes(cells(g))) ? [i] : []))
  const rows = hits.filter((i) => ROW.test(lines[i]!) && !RULE.test(lines[i]!))
  const at = rows[0] ?? hits[0]
  if (at === undefined || !rows.length) return false
  let header = at
  while (header > 0 && ROW.test(lines[header - 1]!)) header--
  if (!RULE.test(lines[header + 1] ?? '') || header + 1 >= at) return false
  const above = header - 1
  return above >= 0 && lines[above] !== '' && (above === 0 || SAYS_WHAT.test(lines[above]!))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dumpFile, qaFile, set = 'tables'] = process.argv.slice(2)
  if (!dumpFile || !qaFile) {
    console.error('usage: npx tsx scripts/eval/answer-rows.ts DUMP.jsonl QA.jsonl [SET]')
    process.exit(2)
  }
  const gold = new Map(readRecords(qaFile).map((r) => [r.id, r]))
  let found = 0
  let readable = 0
  const without: string[] = []
  for (const line of fs.readFileSync(dumpFile, 'utf8').split('\n')) {
    if (!line.trim()) continue
    const d = JSON.parse(line) as { set: string; id: string; rank: number | null; top: { text: string }[] }
    if (d.set !== set || d.rank === null || d.rank > 5) continue
    found++
    if (answerRowUnderCaption(d.top[d.rank - 1]!.text, gold.get(d.id)!.must_contain)) readable++
    else without.push(d.id)
  }
  console.log(`${readable} of ${found} found in the top 5 are a row under its header and caption`)
  if (without.length) console.log(`without: ${without.join(' ')}`)
}
