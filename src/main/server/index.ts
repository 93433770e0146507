// Browser-mode entry in the build (out/main/server.js): plain Node, no Electron. The ingest worker
// is bundled as its own file; electron-vite gives its path through the ?modulePath import.
import workerPath from '../engine/worker/ingest-worker.ts?modulePath'
import parseWorkerPath from '../engine/worker/parse-worker.ts?modulePath'
import { runBrowserMode } from './browser-mode.js'

runBrowserMode(process.argv.slice(2), { workerUrl: workerPath, parseWorkerUrl: parseWorkerPath }).catch(
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err)
    process.exit(1)
  },
)
