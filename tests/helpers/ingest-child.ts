// Child process for crash tests: imports files into a library and logs each commit, so the
// parent can kill it with SIGKILL at a chosen moment.
import { Library } from '../../src/main/engine/library.js'

const [dir, modelDir, ...files] = process.argv.slice(2)
const lib = await Library.open(dir!, { modelDir: modelDir === '-' ? null : modelDir })
await lib.ingest(files, {
  saveEveryMs: 0,
  onCommitted: (c) => process.stdout.write(`committed ${c.documentId}\n`),
})
await lib.close()
process.stdout.write('finished\n')
