// Child process for crash tests: imports files into a library and logs each commit (and each
// scanned page recognised), so the parent can kill it with SIGKILL at a chosen moment.
import { Library } from '../../src/main/engine/library.js'

const [dir, modelDir, ...files] = process.argv.slice(2)
const lib = await Library.open(dir!, { modelDir: modelDir === '-' ? null : modelDir })
await lib.ingest(files, {
  saveEveryMs: 0,
  onCommitted: (c) => process.stdout.write(`committed ${c.documentId}\n`),
  onProgress: (p) => {
    if (p.stage === 'recognizing') process.stdout.write(`ocr ${p.done}/${p.total}\n`)
  },
})
await lib.close()
process.stdout.write('finished\n')
