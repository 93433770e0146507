// Applies patches/ to node_modules (patch-package) and rebuilds a native package whose patched
// sources are newer than its binary. Run by postinstall; `node scripts/patch-dependencies.mjs` by hand.
//
// patches/hnswlib-node+3.0.0.patch: hnswlib's loadIndex checked the file's structure with two
// tellg() calls per element, each an lseek system call (2M of them for a 1M-chunk library, ~0.7
// CPU-s of a 1.9 s open); the patch counts the position instead and skips link lists inside the
// stream's buffer. Same checks, same errors, same file format.
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Native packages the patches change: the source file patched and the binary built from it. */
const NATIVE = [{ pkg: 'hnswlib-node', source: 'src/hnswlib/hnswalg.h', binary: 'build/Release/addon.node' }]

/** [ok, what, next step] for the install summary. */
export function patchDependencies() {
  const cli = join(root, 'node_modules', 'patch-package', 'index.js')
  if (!existsSync(cli))
    return [false, 'Dependency patches not applied (patch-package is not installed)', null]
  const patched = spawnSync(process.execPath, [cli], { cwd: root, encoding: 'utf8' })
  if (patched.status !== 0) {
    process.stderr.write(patched.stdout + patched.stderr)
    return [
      false,
      'Dependency patches could not be applied (see above)',
      'run `node scripts/patch-dependencies.mjs`',
    ]
  }
  for (const { pkg, source, binary } of NATIVE) {
    const dir = join(root, 'node_modules', pkg)
    const bin = join(dir, binary)
    if (existsSync(bin) && statSync(join(dir, source)).mtimeMs <= statSync(bin).mtimeMs) continue
    const built = rebuild(dir, bin)
    if (!built)
      return [false, `${pkg} was not rebuilt with its patch (see above)`, 'large libraries open more slowly']
  }
  return [true, 'Dependency patches applied (patches/)']
}

/** node-gyp rebuild; on failure the previous binary is put back, so the package keeps working. */
function rebuild(dir, bin) {
  // Outside build/, which node-gyp rebuild removes first.
  const backup = existsSync(bin) ? join(dir, 'previous-binary.node') : null
  if (backup) copyFileSync(bin, backup)
  const gyp = process.env.npm_config_node_gyp ?? join(root, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js')
  const headers = localNodeHeaders()
  const r = spawnSync(process.execPath, [gyp, 'rebuild', ...(headers ? [`--nodedir=${headers}`] : [])], {
    cwd: dir,
    encoding: 'utf8',
  })
  const ok = r.status === 0 && existsSync(bin)
  if (!ok) process.stderr.write(r.stdout + r.stderr)
  if (backup) {
    if (!ok) {
      mkdirSync(dirname(bin), { recursive: true })
      copyFileSync(backup, bin)
    }
    rmSync(backup, { force: true })
  }
  return ok
}

/**
 * Headers of a Node already on this machine: the `node` package's platform package (the Node 22
 * `npm install` puts in node_modules), else the install of any `node` on PATH (Linux and macOS
 * installs carry include/node). node-gyp would otherwise download them, which offline fails.
 * The addon uses N-API only, so any Node's headers build a binary every Node >= 22 loads.
 */
function localNodeHeaders() {
  const candidates = []
  const base = join(root, 'node_modules', 'node', 'node_modules')
  if (existsSync(base))
    for (const name of readdirSync(base)) if (name.startsWith('node-')) candidates.push(join(base, name))
  for (const dir of [dirname(process.execPath), ...(process.env.PATH ?? '').split(delimiter)])
    if (dir && existsSync(join(dir, 'node'))) candidates.push(dirname(dir))
  return candidates.find((c) => existsSync(join(c, 'include', 'node', 'node_api.h'))) ?? null
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [ok, what, next] = patchDependencies()
  console.log(`${ok ? '✓' : '–'} ${what}${next ? ` (${next})` : ''}`)
  process.exit(ok ? 0 : 1)
}
