// Finding and fetching the Electron binary, shared by `npm start` and `npm run fetch-electron`.
// Finding it only reads files: `npm start` must never touch the network (no DNS lookup, nothing),
// because the app promises no connection except the configured Ollama host.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** The Electron executable under `root`, or null; never triggers electron's download-on-require. */
export function electronBinary(root) {
  const electronDir = path.join(root, 'node_modules', 'electron')
  const pathFile = path.join(electronDir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const bin = path.join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(bin) ? bin : null
}

/** Runs electron's own installer (a download). Returns null on success, else why it failed. */
export function downloadElectron(root, timeoutMs) {
  const electronDir = path.join(root, 'node_modules', 'electron')
  if (!existsSync(path.join(electronDir, 'install.js'))) return 'the electron package is not installed'
  const r = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], {
    cwd: root,
    timeout: timeoutMs,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  if (r.error?.code === 'ETIMEDOUT') return `the download did not finish within ${timeoutMs / 1000} s`
  if (r.status !== 0) {
    const lines = (r.stderr?.toString() ?? '').split('\n').map((l) => l.trim())
    const why = lines.find((l) => /error/i.test(l) && !l.startsWith('at ')) ?? lines.find(Boolean)
    return `the download failed${why ? `: ${why.slice(0, 200)}` : ''}`
  }
  return electronBinary(root) ? null : 'the download did not produce a binary'
}
