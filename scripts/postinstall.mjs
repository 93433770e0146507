// Runs after `npm install`. Builds the app (out/: main process, browser-mode server, the `quire`
// CLI, renderer; about 2 s, no network), so `npx quire` runs bundled JavaScript. Then fetches what the app downloads once (the Electron binary and the
// embedding model) where the network allows it. Neither can be fetched on an air-gapped machine or
// one that only reaches the npm registry: then it says so and carries on, because Quire works
// without both (browser UI instead of the desktop window; keyword-only search instead of hybrid).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

const vite = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js')
if (existsSync(vite)) {
  const build = spawnSync(process.execPath, [vite, 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (build.status === 0) console.log('quire: built the app and the `quire` command into out/.')
  else console.log('quire: the build failed (see above); `npx quire` will try again, or run `npm run build`.')
} else {
  // A production install without dev dependencies: the build must come with the package.
  console.log('quire: electron-vite is not installed; not building (run `npm run build` where it is).')
}
if (process.env.QUIRE_SKIP_DOWNLOADS) {
  console.log('quire: QUIRE_SKIP_DOWNLOADS is set; not fetching the Electron binary or the embedding model.')
  process.exit(0)
}

// Electron: its package downloads the binary lazily; we try once here so `npm start` opens the
// desktop window straight away on machines with internet.
const electronDir = join(root, 'node_modules', 'electron')
if (existsSync(join(electronDir, 'install.js')) && !existsSync(join(electronDir, 'path.txt'))) {
  const r = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 180_000,
    env: { ...process.env, ELECTRON_GET_USE_PROXY: process.env.ELECTRON_GET_USE_PROXY ?? '' },
  })
  if (r.status === 0) console.log('quire: Electron binary installed.')
  else
    console.log(
      'quire: could not download the Electron binary (no access to its download host). ' +
        '`npm start` will serve Quire in your browser on 127.0.0.1 instead.',
    )
}

// Embedding model: pinned revision, SHA-256 checked (scripts/fetch-model.mjs).
const model = spawnSync(process.execPath, [join(root, 'scripts', 'fetch-model.mjs'), '--optional'], {
  stdio: 'inherit',
})
if (model.status !== 0) {
  console.log(
    'quire: the embedding model was not installed (see above). Quire runs in keyword-only mode until it is.',
  )
}
process.exit(0)
