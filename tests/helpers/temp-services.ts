// Real services on a temp library for IPC tests (keyword mode unless a model folder is given).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createAppServices, type AppServices } from '../../src/main/services/create-app-services.js'

export async function tempServices(
  opts: {
    modelDir?: string
    ollamaHost?: string
    /** Open the library and data of an earlier tempServices() again (an app restart). */
    reopen?: string
    /** The library folder (default `<tmp>/library`): one that also holds the user's own files. */
    libraryDir?: string
    /** The import and parse workers' scripts, where the defaults (found through import.meta.url) cannot be: jsdom. */
    workerUrl?: URL
    parseWorkerUrl?: string
  } = {},
) {
  const tmp = opts.reopen ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'quire-ipc-')))
  const services: AppServices = await createAppServices({
    libraryDir: opts.libraryDir ?? path.join(tmp, 'library'),
    dataDir: path.join(tmp, 'data'),
    models: {
      bundledDir: opts.modelDir ?? path.join(tmp, 'no-model'),
      userRoot: path.join(tmp, 'data', 'models'),
    },
    ollamaHost: opts.ollamaHost ?? 'http://127.0.0.1:9',
    version: '9.9.9',
    ...(opts.workerUrl ? { workerUrl: opts.workerUrl } : {}),
    ...(opts.parseWorkerUrl ? { parseWorkerUrl: opts.parseWorkerUrl } : {}),
  })
  return {
    tmp,
    services,
    /** Closes the services and keeps the folder, for reopen. */
    close: () => services.close(),
    async dispose() {
      await services.close()
      await fs.rm(tmp, { recursive: true, force: true })
    },
  }
}
