import path from 'node:path'
import { parseArgs } from 'node:util'
import { packageRoot } from '../services/package-root.js'
import { startServer } from './http-server.js'
import { quireHome } from '../services/quire-home.js'
import { libraryFolderFlag, otherFilesNote } from '../services/library-folder.js'
import { QuireError } from '@shared/errors.js'

/** What `npm start -- --help` prints: the flags browser mode takes. */
export const BROWSER_MODE_USAGE = `Usage: npm start -- [options]

Serves Quire in your browser on 127.0.0.1.

Options:
  --library <dir>       library folder (default: $QUIRE_HOME/library or the platform data folder)
  --port <n>            port to listen on (default: any free port)
  --model-dir <dir>     embedding model folder, or 'none' for keyword-only search
  --ollama-host <url>   Ollama server (default $OLLAMA_HOST or http://127.0.0.1:11434)
  -h, --help            print this help
`

/** parseArgs's own errors (an unknown option, a missing value) as a usage error with the flags. */
function parseFlags(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        library: { type: 'string' },
        port: { type: 'string' },
        'model-dir': { type: 'string' },
        'ollama-host': { type: 'string' },
        'renderer-dir': { type: 'string' },
        banner: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values
  } catch (err) {
    const what = err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err)
    throw new QuireError(
      'INVALID_ARGUMENT',
      `${what.replace(/\.$/, '')}. Browser mode takes --library DIR, --port N, --model-dir DIR and --ollama-host URL (--help says more).`,
    )
  }
}

export interface BrowserModeOptions {
  workerUrl?: URL | string
  /** The bundled PDF extraction worker (desktop build); the source entry otherwise. */
  parseWorkerUrl?: string
  /** Printed before the URL (the start script says why the browser is used). */
  banner?: string
}

/** `quire-server [--library DIR] [--port N] [--model-dir DIR] [--ollama-host URL]`: serves until stopped. */
export async function runBrowserMode(argv: string[], opts: BrowserModeOptions = {}): Promise<void> {
  const values = parseFlags(argv)
  if (values.help) {
    process.stdout.write(BROWSER_MODE_USAGE)
    return
  }
  const home = quireHome()
  const port = values.port ? Number(values.port) : 0
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new QuireError(
      'INVALID_ARGUMENT',
      `--port must be a port number from 0 to 65535 (0: any free port), not "${values.port}".`,
    )
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
