import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(__dirname, '..')

describe('npm install output', () => {
  // Runs the real build (a few seconds): the summary must say what is ready, in a handful of lines.
  it('ends with a short summary of what is ready and what is missing', { timeout: 120_000 }, () => {
    const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'postinstall.mjs')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, QUIRE_SKIP_DOWNLOADS: '1' },
    })
    expect(r.status).toBe(0)
    const out = r.stdout.trim().split('\n')
    expect(out[0]).toBe('Quire is installed.')
    expect(out).toContain('  Ready:')
    expect(out).toContain('    ✓ App and the `quire` command built into out/')
    expect(out.some((l) => /✓ Node v22\.\d+\.\d+ for every npm script/.test(l))).toBe(true)
    expect(
      out.some((l) => /– Electron binary and embedding model: not fetched \(QUIRE_SKIP_DOWNLOADS/.test(l)),
    ).toBe(true)
    expect(out.at(-1)).toMatch(/^ {2}Next: `npm start`/)
    expect(out.length).toBeLessThanOrEqual(12)
    // The build's own timing notes stay out of a successful install.
    expect(r.stderr).not.toMatch(/PLUGIN_TIMINGS/)
  })

  it('.npmrc keeps npm to errors, so engine warnings about the system Node do not bury the summary', async () => {
    const { readFile } = await import('node:fs/promises')
    const npmrc = await readFile(path.join(root, '.npmrc'), 'utf8')
    expect(npmrc.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual(['loglevel=error'])
  })
})
