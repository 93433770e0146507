// Text extraction of documents other than PDFs (Word, HTML, Markdown), without embedding: how many
// megabytes of text per second a reader turns into stored sections and chunks (docs/formats.md).
// The documents are made here, from a fixed vocabulary, so the figure needs no corpus.
//   npx tsx bench/sections/extract-formats.ts [--mb 5] [--reps 3]
import { makeDocx, type DocxBlock } from '../../tests/fixtures/office-factory.js'
import { parseDocument } from '../../src/main/engine/ingest/parse-document.js'
import { arg, emit, log } from '../lib/env.js'
import { repeat, summarize } from '../lib/stats.js'

const targetMb = Number(arg('mb', '5'))
const reps = Number(arg('reps', '3'))

const VOCABULARY =
  'archive ledger harbour mooring sediment quartermaster parish kiln furnace budget contract staffing record index journal entry volume section chapter table figure register account survey census boundary tariff customs vessel cargo manifest'.split(
    ' ',
  )

/** A deterministic sequence of sections: a heading, three paragraphs and a small table each. */
function* sections(): Generator<{ heading: string; paragraphs: string[]; rows: string[][] }> {
  let seed = 1
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
  const sentence = () =>
    Array.from({ length: 12 + (next() % 10) }, () => VOCABULARY[next() % VOCABULARY.length]).join(' ') + '.'
  for (let n = 1; ; n++) {
    yield {
      heading: `${n} Section on ${VOCABULARY[n % VOCABULARY.length]}`,
      paragraphs: Array.from({ length: 3 }, () => Array.from({ length: 5 }, sentence).join(' ')),
      rows: [
        ['Item', 'Count', 'Note'],
        [VOCABULARY[next() % VOCABULARY.length]!, String(next() % 1000), sentence()],
      ],
    }
  }
}

function documents(bytes: number): Record<string, Uint8Array> {
  const docx: DocxBlock[] = []
  let html = '<html><head><title>Bench</title></head><body>'
  let md = ''
  let size = 0
  for (const s of sections()) {
    docx.push({ heading: s.heading, level: 1 }, ...s.paragraphs.map((p) => ({ p })), { table: s.rows })
    html += `<h1>${s.heading}</h1>${s.paragraphs.map((p) => `<p>${p}</p>`).join('')}<table>${s.rows
      .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
      .join('')}</table>`
    md += `# ${s.heading}\n\n${s.paragraphs.join('\n\n')}\n\n| ${s.rows[0]!.join(' | ')} |\n| --- | --- | --- |\n| ${s.rows[1]!.join(' | ')} |\n\n`
    size += s.heading.length + s.paragraphs.join('').length + s.rows.flat().join('').length
    if (size >= bytes) break
  }
  const enc = new TextEncoder()
  return {
    'bench.docx': makeDocx(docx),
    'bench.html': enc.encode(`${html}</body></html>`),
    'bench.md': enc.encode(md),
  }
}

const docs = documents(targetMb * 1024 * 1024)
const result: Record<string, unknown> = { mb_of_text: targetMb }
const spread: Record<string, unknown> = {}
for (const [name, bytes] of Object.entries(docs)) {
  // Warm-up: module load and JIT are paid once per process, not per document.
  await parseDocument(bytes.subarray(0), name)
  const runs = await repeat(reps, async () => {
    const cpu0 = process.cpuUsage()
    const t = performance.now()
    const parsed = await parseDocument(bytes.subarray(0), name)
    const s = (performance.now() - t) / 1000
    const cpu = process.cpuUsage(cpu0)
    const text = parsed.pages.reduce((n, p) => n + Buffer.byteLength(p.text), 0) / 1024 / 1024
    log(`${name}: ${text.toFixed(1)} MB of text, ${parsed.chunks.length} chunks in ${s.toFixed(2)} s`)
    return { mbps: text / s, perCpuS: text / ((cpu.user + cpu.system) / 1e6) }
  })
  const key = name.split('.').pop()!
  const mbps = summarize(runs.map((r) => r.mbps))
  result[`${key}_text_mb_per_s`] = mbps.median
  result[`${key}_text_mb_per_cpu_s`] = summarize(runs.map((r) => r.perCpuS)).median
  spread[`${key}_text_mb_per_s`] = mbps
}
emit({ ...result, spread })
