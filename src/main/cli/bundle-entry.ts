// `quire` entry in the build (out/main/cli.js, what bin/quire.js runs): the same bundle as the
// app's main process, so the CLI starts as plain JavaScript with no TypeScript compiler. The ingest
// and parse workers are bundled as their own files; electron-vite gives their paths here.
import workerPath from '../engine/worker/ingest-worker.ts?modulePath'
import parseWorkerPath from '../engine/worker/parse-worker.ts?modulePath'
import { main } from './main.js'
import { stopQuietlyOnClosedPipe } from './output.js'

stopQuietlyOnClosedPipe()

process.exitCode = await main(process.argv.slice(2), undefined, {
  workerUrl: workerPath,
  parseWorkerUrl: parseWorkerPath,
})
