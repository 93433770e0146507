#!/usr/bin/env node
// `quire` command. Runs the bundled JavaScript build (out/main/cli.js, made by `npm run build`,
// which `npm install` runs through the postinstall script). Quire needs Node >= 22; when an older
// system Node runs this script, it re-runs itself with the Node 22 the project installs locally
// (node_modules/.bin/node), so `npx quire` works on a machine whose default Node is older.
// QUIRE_FROM_SOURCE=1 runs the TypeScript sources through tsx instead (development only).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import module from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const major = Number(process.versions.node.split('.')[0])
if (major < 22) relaunchOnLocalNode()
else await run()

/** Runs this script again with the Node 22 `npm install` put in node_modules, and ends as it ends. */
function relaunchOnLocalNode() {
  const local = join(root, 'node_modules', 'node', 'bin', 'node')
  if (!existsSync(local)) {
    console.error(
      `quire: Node ${process.versions.node} is too old; Quire needs Node >= 22. Run \`npm install\` in ${root}.`,
    )
    process.exit(1)
  }
  const child = spawn(local, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' })
  // Ctrl-C reaches both processes (the terminal signals its whole foreground group): this one must
  // not die of it and hand the prompt back while the command is still cancelling (an import stops
  // after its current step), nor pass it on (to the child a second Ctrl-C means "quit at once").
  // SIGTERM and SIGHUP sent to this process alone are passed on.
  const ignore = () => {}
  const forward = (signal) => child.kill(signal)
  process.on('SIGINT', ignore)
  process.on('SIGTERM', forward)
  process.on('SIGHUP', forward)
  child.on('error', (err) => {
    console.error(`quire: could not start ${local} (${err.message}). Run \`npm install\` in ${root}.`)
    process.exit(1)
  })
  child.on('exit', (code, signal) => {
    process.off('SIGINT', ignore)
    process.off('SIGTERM', forward)
    process.off('SIGHUP', forward)
    // Ended by a signal: end the same way, so the shell sees what the child did.
    if (signal) process.kill(process.pid, signal)
    else process.exit(code ?? 1)
  })
}

async function run() {
  // V8's compile cache on disk (Node's own, keyed by each file's content and the Node version; in
  // $NODE_COMPILE_CACHE or the OS temp folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off): pdf.js,
  // transformers.js and Quire's bundle compile from it instead of from source on every run. Worker
  // threads inherit it through the environment variable. It holds compiled code only, never data.
  const compileCache = module.enableCompileCache?.()
  if (compileCache?.directory) process.env.NODE_COMPILE_CACHE = compileCache.directory

  if (process.env.QUIRE_FROM_SOURCE) {
    const { register } = await import('tsx/esm/api')
    // Named tsconfig: its `paths` (@shared/...) must resolve from any working directory.
    register({ tsconfig: join(root, 'tsconfig.json') })
    await import('../src/main/cli/index.ts')
  } else {
    const built = join(root, 'out', 'main', 'cli.js')
    if (!existsSync(built)) {
      // Installed with --ignore-scripts (no postinstall): build once now (about 2 s), then run.
      console.error('quire: building the app once (out/ is missing)…')
      const vite = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js')
      const r = existsSync(vite)
        ? spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
        : null
      if (r?.status !== 0 || !existsSync(built)) {
        console.error(`quire: ${built} is missing and could not be built. Run \`npm run build\` in ${root}.`)
        process.exit(1)
      }
    }
    await import(pathToFileURL(built).href)
  }
}
