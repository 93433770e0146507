// Child process for the no-network test: OCRs the scanned PDF at argv[2] and prints its pages' text
// as JSON. Run with tests/helpers/refuse-network.mjs preloaded.
import fs from 'node:fs'
import { parseDocument } from '../../src/main/engine/ingest/parse-document.js'

const file = process.argv[2]!
const parsed = await parseDocument(fs.readFileSync(file), file)
process.stdout.write(JSON.stringify(parsed.pages.map((p) => ({ text: p.text, ocr: p.ocr ?? null }))))
