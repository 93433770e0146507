// `npm start`: builds the app, then opens it in Electron. Where no Electron binary is installed (and
// one cannot be downloaded), serves the same UI in the browser on 127.0.0.1 instead.
// Flags (browser mode): --library DIR, --port N; everything else is passed on.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const electronDir = path.join(root, 'node_modules', 'electron')
const DOWNLOAD_TIMEOUT_MS = 60_000
const args = process.argv.slice(2)

function run(cmd, cmdArgs, opts = {}) {
  return spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', ...opts })
}

/** The Electron executable, without triggering electron's own download-on-require. */
function electronBinary() {
  const pathFile = path.join(electronDir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const bin = path.join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(bin) ? bin : null
}

function tryDownloadElectron() {
  if (!existsSync(path.join(electronDir, 'install.js'))) return 'the electron package is not installed'
  console.log('Electron binary not found; trying to download it once…')
  const r = run(process.execPath, [path.join(electronDir, 'install.js')], {
    timeout: DOWNLOAD_TIMEOUT_MS,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  if (r.error?.code === 'ETIMEDOUT')
    return `the download did not finish within ${DOWNLOAD_TIMEOUT_MS / 1000} s`
  if (r.status !== 0) {
    const lines = (r.stderr?.toString() ?? '').split('\n').map((l) => l.trim())
    const why = lines.find((l) => /error/i.test(l) && !l.startsWith('at ')) ?? lines.find(Boolean)
    return `the download failed${why ? `: ${why.slice(0, 200)}` : ''}`
  }
  return electronBinary() ? null : 'the download did not produce a binary'
}

const build = run(process.execPath, [
  path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'),
  'build',
])
if (build.status !== 0) process.exit(build.status ?? 1)

let bin = electronBinary()
const reason = bin || process.env.QUIRE_BROWSER ? null : tryDownloadElectron()
bin = electronBinary()

if (bin && !process.env.QUIRE_BROWSER) {
  const child = spawn(bin, ['.', ...args], { cwd: root, stdio: 'inherit' })
  child.on('exit', (code) => process.exit(code ?? 0))
} else {
  const banner = reason
    ? `Electron is not installed on this machine (${reason}); serving Quire in your browser instead at`
    : 'QUIRE_BROWSER is set; serving Quire in your browser at'
  const child = spawn(
    process.execPath,
    [path.join(root, 'out', 'main', 'server.js'), '--banner', banner, ...args],
    {
      cwd: root,
      stdio: 'inherit',
    },
  )
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code) => process.exit(code ?? 0))
}
