// The `quire` command's start-up, timed as whole commands from the built CLI (bin/quire.js, so
// with the Node-22 re-exec when the system Node is older): `--help`, `docs` on the 100k-chunk
// synthetic library, and `search` to its first result including the model load. Each command
// runs `--reps` times (5 by default) and the median is reported. "Cold" means a new process each
// time; the OS file cache is warm (dropping it needs root and would time the disk, not Quire).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { arg, emit, log, modelDir, ROOT } from '../lib/env.js'
import { summarize } from '../lib/stats.js'

const reps = Number(arg('reps', '5'))
const library = path.resolve(arg('dir', ''))
const node = arg('node', process.execPath)
const bin = path.join(ROOT, 'bin', 'quire.js')
if (!fs.existsSync(path.join(ROOT, 'out', 'main', 'cli.js')))
  throw new Error('out/main/cli.js is missing: run `npm run build` first')

function time(args: string[], script = bin): number {
  const t = performance.now()
  const r = spawnSync(node, script ? [script, ...args] : args, {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  })
  const ms = performance.now() - t
  if (r.status !== 0) throw new Error(`quire ${args[0]} failed: ${r.stderr.slice(-1000)}`)
  return ms
}

function median(label: string, args: string[]) {
  const runs = Array.from({ length: reps }, () => time(args))
  const s = summarize(runs)
  log(`cli: ${label} median ${Math.round(s.median)} ms (${runs.map((r) => Math.round(r)).join(', ')})`)
  return s
}

// A bare Node start, timed the same way: on a busy machine it says how much of each figure is the
// machine's load rather than Quire (about 40 ms idle).
const bare = summarize(Array.from({ length: reps }, () => time(['-e', '0'], '')))
log(`cli: bare node start median ${Math.round(bare.median)} ms`)
const help = median('--help', ['--help'])
const docs = median('docs', ['docs', '--library', library, '--json'])
const search = median('search', [
  'search',
  'how do I change the default palette',
  '--library',
  library,
  '--model-dir',
  modelDir(),
  '--k',
  '1',
  '--json',
])
emit({
  node: node === process.execPath ? process.version : node,
  node_start_ms: Math.round(bare.median),
  cli_help_ms: Math.round(help.median),
  cli_docs_ms: Math.round(docs.median),
  cli_search_ms: Math.round(search.median),
  spread: { cli_help_ms: help, cli_docs_ms: docs, cli_search_ms: search },
})
