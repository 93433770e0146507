#!/usr/bin/env node
// `quire` command. Quire needs Node >= 22; when an older system Node runs this script, re-run it
// with the Node 22 the project installs locally (node_modules/.bin/node), so `npx quire` works
// on a machine whose default Node is older.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const major = Number(process.versions.node.split('.')[0])
if (major < 22) {
  const local = join(root, 'node_modules', 'node', 'bin', 'node')
  if (!existsSync(local)) {
    console.error(
      `quire: Node ${process.versions.node} is too old; Quire needs Node >= 22. Run \`npm install\` in ${root}.`,
    )
    process.exit(1)
  }
  const r = spawnSync(local, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' })
  process.exit(r.status ?? 1)
}

// Runs from the TypeScript sources through tsx (a dev dependency installed by the README's set-up).
const { register } = await import('tsx/esm/api')
register()
await import('../src/main/cli/index.ts')
