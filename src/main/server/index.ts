// Browser-mode entry in the build (out/main/server.js): plain Node, no Electron. The ingest worker
// is bundled as its own file; electron-vite gives its path through the ?modulePath import.
import workerPath from '../engine/worker/ingest-worker.ts?modulePath'
import parseWorkerPath from '../engine/worker/parse-worker.ts?modulePath'
import { errorCodeOf, errorMessageOf } from '@shared/errors.js'
import { runBrowserMode } from './browser-mode.js'

runBrowserMode(process.argv.slice(2), { workerUrl: workerPath, parseWorkerUrl: parseWorkerPath }).catch(
  (err: unknown) => {
    console.error(`${errorMessageOf(err)} [${errorCodeOf(err)}]`)
    process.exit(1)
  },
)
