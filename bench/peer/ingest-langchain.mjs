// The standard LangChain.js PDF recipe, as its documentation writes it: PDFLoader (one document
// per page) → RecursiveCharacterTextSplitter (1000 characters, 200 overlap) →
// HuggingFaceTransformersEmbeddings (q8, batch 16, one call at a time) → HNSWLib, saved to disk.
// Its defaults (512 texts per call, every call started at once) were killed at 23 GB RSS on a 24 GB
// machine, and batch 16 with every call at once passed 15 GB; so batch 16 (the best batch of the
// raw ONNX Runtime grid on that machine) and LangChain's own maxConcurrency: 1.
// Usage: node ingest-langchain.mjs --corpus DIR --model DIR --out DIR
// Prints one JSON line: {"seconds","pages","chunks","cpu_s"}. Only local files: the model is read
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
  }),
)
