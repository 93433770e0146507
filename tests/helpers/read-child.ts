// Child process for the no-network test of the document readers: reads each file given (any
// importable format, through the format registry) and prints its format and passage count as JSON.
// Run with tests/helpers/refuse-network.mjs preloaded.
import fs from 'node:fs'
import { parseDocument } from '../../src/main/engine/ingest/parse-document.js'

const out = []
for (const file of process.argv.slice(2)) {
  const parsed = await parseDocument(fs.readFileSync(file), file)
  out.push({ file, format: parsed.format, chunks: parsed.chunks.length })
}
process.stdout.write(JSON.stringify(out))
