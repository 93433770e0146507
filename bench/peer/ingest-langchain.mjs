// The standard LangChain.js PDF recipe, as its documentation writes it: PDFLoader (one document
// per page) → RecursiveCharacterTextSplitter (1000 characters, 200 overlap) →
// HuggingFaceTransformersEmbeddings (q8, batch 16, one call at a time) → HNSWLib, saved to disk.
//
// Why it ran out of memory before: @langchain/community 1.1's HuggingFaceTransformersEmbeddings
// declares a `batchSize` option but its constructor never reads it, so every call embedded its
// default 512 texts in one forward pass, padded to the longest (up to the tokenizer's 512 tokens):
// the attention scores alone are 512 texts x 12 heads x 512 x 512 x 4 bytes = 6.4 GB per layer,
// and the process was killed at 22-23 GB whatever batch or concurrency was passed. The batch size
// is therefore set on the instance, where the class reads it. Batch 16 is the raw ONNX Runtime
// grid's best on this kind of machine; one call at a time (LangChain's maxConcurrency) keeps the
// forward passes from competing for the same cores.
// Usage: node ingest-langchain.mjs --corpus DIR --model DIR --out DIR
// Prints one JSON line: {"seconds","pages","chunks","cpu_s","rss_mb"}. Only local files: the model is read
// from --model (transformers.js with remote models off), nothing is downloaded.
import fs from 'node:fs'
import path from 'node:path'
import { env } from '@huggingface/transformers'
import { PDFLoader } from '@langchain/community/document_loaders/fs/pdf'
import { HuggingFaceTransformersEmbeddings } from '@langchain/community/embeddings/huggingface_transformers'
import { HNSWLib } from '@langchain/community/vectorstores/hnswlib'
import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters'

const arg = (name) => {
  const i = process.argv.indexOf(`--${name}`)
  if (i < 0 || !process.argv[i + 1]) throw new Error(`missing --${name}`)
  return path.resolve(process.argv[i + 1])
}
const corpus = arg('corpus')
const model = arg('model')
const out = arg('out')

env.allowRemoteModels = false
env.localModelPath = path.dirname(model) + path.sep

const t0 = performance.now()
const cpu0 = process.cpuUsage()
const files = fs
  .readdirSync(corpus)
  .filter((f) => f.toLowerCase().endsWith('.pdf'))
  .sort()
const pages = []
for (const f of files) pages.push(...(await new PDFLoader(path.join(corpus, f)).load()))
const splitter = new RecursiveCharacterTextSplitter({ chunkSize: 1000, chunkOverlap: 200 })
const chunks = await splitter.splitDocuments(pages)
const embeddings = new HuggingFaceTransformersEmbeddings({
  model: path.basename(model),
  pretrainedOptions: { dtype: 'q8' },
  batchSize: 16,
  maxConcurrency: 1,
})
// The constructor ignores `batchSize` (see above); the instance field is what embedDocuments uses.
embeddings.batchSize = 16
const store = await HNSWLib.fromDocuments(chunks, embeddings)
fs.rmSync(out, { recursive: true, force: true })
await store.save(out)
const cpu = process.cpuUsage(cpu0)
console.log(
  JSON.stringify({
    seconds: (performance.now() - t0) / 1000,
    pages: pages.length,
    chunks: chunks.length,
    cpu_s: (cpu.user + cpu.system) / 1e6,
    rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
)
