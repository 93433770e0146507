// `npm start`: builds the app, then opens it in Electron. Where no Electron binary is installed,
// serves the same UI in the browser on 127.0.0.1 instead. It never downloads anything (not even a
// DNS lookup): `npm run fetch-electron` fetches the binary when the user asks for it.
// Flags (browser mode): --library DIR, --port N; everything else is passed on.
import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { electronBinary } from './electron-binary.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)

function run(cmd, cmdArgs, opts = {}) {
  return spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', ...opts })
}

const build = run(process.execPath, [
  path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'),
  'build',
])
if (build.status !== 0) process.exit(build.status ?? 1)

const bin = electronBinary(root)
const reason = bin ? null : 'run `npm run fetch-electron` once, with internet, for the desktop window'

if (bin && !process.env.QUIRE_BROWSER) {
  const child = spawn(bin, ['.', ...args], { cwd: root, stdio: 'inherit' })
  child.on('exit', (code) => process.exit(code ?? 0))
} else {
  const banner = process.env.QUIRE_BROWSER
    ? 'QUIRE_BROWSER is set; serving Quire in your browser at'
    : `Electron is not installed on this machine (${reason}); serving Quire in your browser instead at`
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
