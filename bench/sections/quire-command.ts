// How fast the `quire` command starts, three ways side by side: the command `npm link` puts on the
// PATH (what the README's set-up gives users), `node bin/quire.js` (the CLI itself), and
// `npx quire` (npm resolves the package on every run first). Each round runs all three `--help`
// back to back, in an order that rotates from round to round, so a change in the machine's load
// hits all three alike; the ratios are taken within each round and their median reported.
// `npm link` runs here into a temporary prefix (npm_config_prefix), never the machine's global one.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { arg, emit, log, ROOT } from '../lib/env.js'
import { median, round, summarize } from '../lib/stats.js'

const reps = Number(arg('reps', '7'))
if (!fs.existsSync(path.join(ROOT, 'out', 'main', 'cli.js')))
  throw new Error('out/main/cli.js is missing: run `npm run build` first')

const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-prefix-'))
fs.mkdirSync(path.join(prefix, 'lib'), { recursive: true })
const env = { ...process.env, npm_config_prefix: prefix }
try {
  const link = spawnSync('npm', ['link', '--offline', '--no-audit', '--no-fund'], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  })
  const linked = path.join(prefix, 'bin', 'quire')
  if (link.status !== 0 || !fs.existsSync(linked))
    throw new Error(`npm link did not make ${linked}: ${link.stderr.slice(-1000)}`)
  // The linked command is found on the PATH, as a user's shell finds it.
  const pathEnv = { ...process.env, PATH: `${path.join(prefix, 'bin')}${path.delimiter}${process.env.PATH}` }

  const ways: Record<string, [string, string[]]> = {
    linked: ['quire', ['--help']],
    node: ['node', [path.join('bin', 'quire.js'), '--help']],
    npx: ['npx', ['quire', '--help']],
  }
  const names = Object.keys(ways)
  const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]))
  const opts: SpawnSyncOptions = { cwd: ROOT, env: pathEnv, encoding: 'utf8' }
  for (let round = 0; round < reps; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]!)
    for (const name of order) {
      const [cmd, args] = ways[name]!
      const t = performance.now()
      const r = spawnSync(cmd, args, opts)
      const ms = performance.now() - t
      if (r.status !== 0 || !String(r.stdout).includes('Usage: quire'))
        throw new Error(`${cmd} ${args.join(' ')} failed: ${String(r.stderr).slice(-1000)}`)
      times[name]!.push(ms)
    }
  }
  const ratios = (a: string, b: string) => times[a]!.map((t, i) => round(t / times[b]![i]!, 2))
  const linkedVsNode = ratios('linked', 'node')
  const npxVsNode = ratios('npx', 'node')
  const s = Object.fromEntries(names.map((n) => [n, summarize(times[n]!)]))
  log(
    `quire --help: linked ${Math.round(s.linked!.median)} ms, node bin/quire.js ${Math.round(s.node!.median)} ms, npx ${Math.round(s.npx!.median)} ms; ` +
      `linked/node ${round(median(linkedVsNode), 2)}x (${linkedVsNode.join(', ')}), npx/node ${round(median(npxVsNode), 2)}x`,
  )
  emit({
    node: spawnSync('node', ['--version'], { encoding: 'utf8' }).stdout.trim(),
    quire_linked_help_ms: Math.round(s.linked!.median),
    quire_node_help_ms: Math.round(s.node!.median),
    quire_npx_help_ms: Math.round(s.npx!.median),
    quire_linked_vs_node: round(median(linkedVsNode), 2),
    quire_npx_vs_node: round(median(npxVsNode), 2),
    quire_linked_vs_node_rounds: linkedVsNode,
    quire_npx_vs_node_rounds: npxVsNode,
    spread: { quire_linked_help_ms: s.linked, quire_node_help_ms: s.node, quire_npx_help_ms: s.npx },
  })
} finally {
  fs.rmSync(prefix, { recursive: true, force: true })
}
