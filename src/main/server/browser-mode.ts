import path from 'node:path'
import { parseArgs } from 'node:util'
import { packageRoot } from '../services/package-root.js'
import { startServer } from './http-server.js'
import { quireHome } from '../services/quire-home.js'
import { libraryFolderFlag, otherFilesNote } from '../services/library-folder.js'

export interface BrowserModeOptions {
  workerUrl?: URL | string
  /** The bundled PDF extraction worker (desktop build); the source entry otherwise. */
  parseWorkerUrl?: string
  /** Printed before the URL (the start script says why the browser is used). */
  banner?: string
}

/** `quire-server [--library DIR] [--port N] [--model-dir DIR] [--ollama-host URL]`: serves until stopped. */
export async function runBrowserMode(argv: string[], opts: BrowserModeOptions = {}): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      library: { type: 'string' },
      port: { type: 'string' },
      'model-dir': { type: 'string' },
      'ollama-host': { type: 'string' },
      'renderer-dir': { type: 'string' },
      banner: { type: 'string' },
    },
    strict: true,
  })
  const home = quireHome()
  const port = values.port ? Number(values.port) : 0
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be a port number, got ${values.port}`)
  // An empty --library is refused (it once meant the current folder: the repository under npm start).
  const libraryDir =
    values.library !== undefined ? libraryFolderFlag(values.library) : path.join(home, 'library')
  const server = await startServer({
    libraryDir,
    dataDir: home,
    port,
    rendererDir: values['renderer-dir'] ?? path.join(packageRoot(), 'out', 'renderer'),
    modelDir: values['model-dir'],
    ollamaHost: values['ollama-host'],
    workerUrl: opts.workerUrl,
    parseWorkerUrl: opts.parseWorkerUrl,
  })
  const banner = values.banner ?? opts.banner ?? 'Serving Quire in your browser at'
  process.stdout.write(`${banner} ${server.url}\n`)
  process.stdout.write(`Library: ${server.services.library.dir}  (Ctrl+C to stop)\n`)
  const note = otherFilesNote(server.services.library.dir)
  if (note) process.stdout.write(`${note}\n`)
  const stop = () => {
    void server.close().finally(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}
