// Builds the renderer when out/renderer is missing or older than its sources, so the browser
// never tests a stale UI. Uses the project's electron-vite build; falls back to a plain vite
// build of src/renderer when that fails (e.g. while the main-process build is broken).
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { RENDERER_OUT, REPO_ROOT } from './paths.js'

const run = promisify(execFile)

async function newestMtime(dir: string): Promise<number> {
  let newest = 0
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    const stat = await fs.stat(path.join(entry.parentPath, entry.name))
    newest = Math.max(newest, stat.mtimeMs)
  }
  return newest
}

async function builtAt(): Promise<number> {
  try {
    return (await fs.stat(path.join(RENDERER_OUT, 'index.html'))).mtimeMs
  } catch {
    return 0
  }
}

export async function ensureRendererBuilt(opts: { withMain?: boolean } = {}): Promise<void> {
  const sources = Math.max(
    await newestMtime(path.join(REPO_ROOT, 'src', 'renderer')),
    await newestMtime(path.join(REPO_ROOT, 'src', 'shared')),
  )
  const mainMissing = opts.withMain && !(await exists(path.join(REPO_ROOT, 'out', 'main', 'index.js')))
  if (!mainMissing && (await builtAt()) > sources) return
  const bin = path.join(REPO_ROOT, 'node_modules', '.bin')
  try {
    await run(path.join(bin, 'electron-vite'), ['build'], { cwd: REPO_ROOT, maxBuffer: 32 * 1024 * 1024 })
  } catch (err) {
    if (opts.withMain) throw err
    await run(path.join(bin, 'vite'), ['build', '--config', 'tests/e2e/vite.renderer.config.ts'], {
      cwd: REPO_ROOT,
      maxBuffer: 32 * 1024 * 1024,
    })
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file)
    return true
  } catch {
    return false
  }
}
