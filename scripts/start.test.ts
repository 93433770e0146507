import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const scriptsDir = path.dirname(fileURLToPath(import.meta.url))
let root: string

/**
 * A stand-in checkout: the real start script, a build step that does nothing, a browser-mode server
 * that prints its banner, and an electron package whose installer (the part that downloads, and so
 * makes DNS lookups) only leaves a mark that it ran.
 */
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-start-'))
  const write = async (rel: string, text: string) => {
    await fs.mkdir(path.dirname(path.join(root, rel)), { recursive: true })
    await fs.writeFile(path.join(root, rel), text)
  }
  for (const f of ['start.mjs', 'electron-binary.mjs']) {
    await write(`scripts/${f}`, await fs.readFile(path.join(scriptsDir, f), 'utf8'))
  }
  await write('node_modules/electron-vite/bin/electron-vite.js', 'process.exit(0)\n')
  await write(
    'node_modules/electron/install.js',
    `require('fs').writeFileSync(${JSON.stringify(path.join(root, 'DOWNLOAD-ATTEMPTED'))}, '')\n`,
  )
  await write('out/main/server.js', 'console.log(process.argv.slice(2).join(" "))\n')
})
afterEach(() => fs.rm(root, { recursive: true, force: true }))

describe('npm start', () => {
  it('falls back to browser mode without trying to download Electron', async () => {
    const env = { ...process.env }
    delete env.QUIRE_BROWSER
    const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
      cwd: root,
      env,
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(r.status).toBe(0)
    await expect(fs.access(path.join(root, 'DOWNLOAD-ATTEMPTED'))).rejects.toThrow()
    expect(r.stdout).toContain('serving Quire in your browser')
    expect(r.stdout).toContain('npm run fetch-electron')
  })
})
