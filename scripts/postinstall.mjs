// Runs after `npm install`. Builds the app (out/: main process, browser-mode server, the `quire`
// CLI, renderer; about 2 s, no network), so `npx quire` runs bundled JavaScript. Then fetches what
// the app downloads once (the Electron binary and the embedding model) where the network allows it.
// Neither can be fetched on an air-gapped machine or one that only reaches the npm registry: then
// it carries on, because Quire works without both (browser UI instead of the desktop window;
// keyword-only search instead of hybrid). It ends with one summary of what is ready and what is
// missing, so a newcomer does not have to read npm's log to know where they stand.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { electronBinary } from './electron-binary.mjs'
import { patchDependencies } from './patch-dependencies.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
/** One line per part: [ready?, what, consequence or next step]. */
const summary = []

/**
 * Runs a Node script of the install in Quire's folder. Its own notes are noise at install time:
 * its stderr is shown only when it fails. Returns whether it succeeded.
 */
function runQuietly(args) {
  const run = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  })
  if (run.status !== 0) process.stderr.write(run.stderr ?? '')
  return run.status === 0
}

// patches/ (patch-package), then a rebuild of a native package whose sources a patch changed.
summary.push(patchDependencies())

const vite = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js')
if (existsSync(vite)) {
  const built = runQuietly([vite, 'build'])
  summary.push(
    built
      ? [true, 'App and the `quire` command built into out/']
      : [false, 'Build failed (see above)', 'run `npm run build`; `npx quire` also retries it'],
  )
} else {
  // A production install without dev dependencies: the build must come with the package.
  summary.push([false, 'Not built (electron-vite is not installed)', 'run `npm run build` where it is'])
}

// OCR language data shipped inside an archive (English: tessdata_fast): taken out and checked
// against its pinned SHA-256 now, so the first scanned page does not have to (no network).
const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs')
if (existsSync(tsx)) {
  const prepared = runQuietly([tsx, join(root, 'scripts', 'prepare-ocr-data.ts')])
  summary.push(
    prepared
      ? [true, 'OCR language data (English) checked into resources/ocr/']
      : [
          false,
          'OCR language data not prepared (see above)',
          'scanned pages cannot be read until `npm run prepare-ocr` succeeds',
        ],
  )
}

const localNode = join(root, 'node_modules', 'node', 'bin', 'node')
if (existsSync(localNode)) {
  const v = spawnSync(localNode, ['--version'], { encoding: 'utf8' }).stdout?.trim()
  summary.push([true, `Node ${v} for every npm script and \`npx quire\``])
}

if (process.env.QUIRE_SKIP_DOWNLOADS) {
  summary.push([false, 'Electron binary and embedding model: not fetched (QUIRE_SKIP_DOWNLOADS is set)'])
} else {
  // Electron: its package downloads the binary lazily; we try once here so `npm start` opens the
  // desktop window straight away on machines with internet.
  const electronDir = join(root, 'node_modules', 'electron')
  if (!electronBinary(root) && existsSync(join(electronDir, 'install.js'))) {
    spawnSync(process.execPath, [join(electronDir, 'install.js')], {
      stdio: 'ignore',
      timeout: 180_000,
      env: { ...process.env, ELECTRON_GET_USE_PROXY: process.env.ELECTRON_GET_USE_PROXY ?? '' },
    })
  }
  summary.push(
    electronBinary(root)
      ? [true, 'Electron binary: `npm start` opens the desktop window']
      : [
          false,
          'Electron binary: not downloaded (its download host is unreachable)',
          '`npm start` serves Quire in your browser on 127.0.0.1 instead; `npm run fetch-electron` later',
        ],
  )

  // Embedding model: pinned revision, SHA-256 checked (scripts/fetch-model.mjs).
  const model = spawnSync(process.execPath, [join(root, 'scripts', 'fetch-model.mjs'), '--optional'], {
    encoding: 'utf8',
  })
  // --optional exits 0 when the download fails, so the summary looks at what is on disk.
  const manifest = JSON.parse(readFileSync(join(root, 'scripts', 'model-manifest.json'), 'utf8'))
  const modelDir = join(root, 'resources', 'models', manifest.folder)
  const installed = model.status === 0 && manifest.files.every((f) => existsSync(join(modelDir, f.path)))
  summary.push(
    installed
      ? [true, 'Embedding model: hybrid (meaning + keyword) search']
      : [
          false,
          'Embedding model: not installed (no access to its download host)',
          'search is keyword-only until you run `npm run fetch-model` or import a model folder in Settings',
        ],
  )
}

const ready = summary.filter(([ok]) => ok)
const missing = summary.filter(([ok]) => !ok)
const lines = ['', 'Quire is installed.']
if (ready.length) lines.push('  Ready:', ...ready.map(([, what]) => `    ✓ ${what}`))
if (missing.length)
  lines.push(
    '  Missing (Quire works without it):',
    ...missing.flatMap(([, what, next]) => [`    – ${what}`, ...(next ? [`      → ${next}`] : [])]),
  )
lines.push('  Next: `npm start` (the app) · `npx quire --help` (the command line) · `npm test`', '')
console.log(lines.join('\n'))
process.exit(0)
