// The cost of a cited summary in model calls, on a long manual with a small-context model:
//   npm run bench:summary -- [--pdf FILE] [--dir LIBRARY] [--context 4096]
// The PDF is imported keyword-only into its own library (once, kept in --dir), then summarised twice
// against the fake Ollama playing a model of --context tokens that echoes its input (every source's
// first sentence, cited). Reports sections, calls per stage, the largest request against the
// context, whether every summary sentence carries a citation, and what the second summary costs.
import path from 'node:path'
import { echoSourcesReply, startFakeOllama } from '../../tests/fake-ollama/index.js'
import { findCitationMarkers } from '../../src/shared/citation-markers.js'
import { OllamaClient } from '../../src/main/engine/generate/ollama-client.js'
import { Library } from '../../src/main/engine/library.js'
import { Summarizer } from '../../src/main/engine/summarize/summarizer.js'
import { arg, CACHE, emit, log } from '../lib/env.js'

const pdf = path.resolve(arg('pdf', '/tmp/qc/large/memoir-manual.pdf'))
const dir = path.resolve(arg('dir', path.join(CACHE, 'summary-library')))
const context = Number(arg('context', '4096'))
const MODEL = `echo:${context}`

const lib = await Library.open(dir)
let doc = lib.documents().find((d) => d.path === pdf && d.status === 'indexed')
if (!doc) {
  log(`importing ${pdf} (keyword-only) into ${dir}`)
  await lib.ingest([pdf])
  doc = lib.documents().find((d) => d.path === pdf && d.status === 'indexed')
  if (!doc) throw new Error(`${pdf} could not be imported`)
}
const fake = await startFakeOllama({
  models: [{ name: MODEL, contextLength: context }],
  chat: (body) => echoSourcesReply(body),
})
const client = new OllamaClient({ host: fake.url, model: MODEL })
const summarizer = new Summarizer(lib.db, () => client)
// A fresh measurement: what earlier runs stored for this model is dropped first.
lib.db.prepare(`DELETE FROM section_summaries WHERE model = ?`).run(MODEL)

const t0 = performance.now()
const first = await summarizer.summarize(doc.id)
const firstS = (performance.now() - t0) / 1000
const t1 = performance.now()
const second = await summarizer.summarize(doc.id)
const secondS = (performance.now() - t1) / 1000
await fake.close()
await lib.close()

const lines = first.text.split('\n').filter(Boolean)
const uncited = lines.filter((l) => findCitationMarkers(l).length === 0).length
const largest = Math.max(...first.run.requests.map((r) => r.promptTokens + r.replyTokens))
const result = {
  summary_document: path.basename(pdf),
  summary_pages: doc.pages,
  summary_chunks: doc.chunks,
  summary_context: context,
  summary_sections: first.run.sections,
  summary_section_calls: first.run.sectionCalls,
  summary_combine_calls: first.run.combineCalls,
  summary_model_calls: first.run.modelCalls,
  summary_largest_request_tokens: largest,
  summary_request_within_context: largest <= context,
  summary_sentences: lines.length,
  summary_sentences_uncited: uncited,
  summary_second_model_calls: second.run.modelCalls,
  summary_second_section_calls: second.run.sectionCalls,
  summary_quire_seconds: Math.round(firstS * 10) / 10,
  summary_second_seconds: Math.round(secondS * 100) / 100,
}
log(
  `${result.summary_document} (${doc.pages} pages, ${doc.chunks} chunks) at ${context} tokens: ` +
    `${first.run.sections} sections → ${first.run.sectionCalls} section calls + ${first.run.combineCalls} combining calls ` +
    `= ${first.run.modelCalls}; largest request ${largest} tokens; ${lines.length} sentences, ${uncited} uncited; ` +
    `second summary: ${second.run.modelCalls} calls (${second.run.sectionCalls} section calls)`,
)
emit(result)
