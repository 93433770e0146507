// Ctrl-C during `quire ingest`, through the real launcher (bin/quire.js) as a terminal sends it: to
// the whole foreground process group. On a machine whose default Node is older than 22 (this one's
// /usr/bin/node), the launcher runs the command in a second process, which both receive it.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeTextPdf, paragraphLines } from '@tests/fixtures/pdf-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { INGEST_CANCELLING } from './commands/ingest.js'

const tempDir = useTempDirs()
const REPO = path.resolve(import.meta.dirname, '../../..')
const SYSTEM_NODE = fs.existsSync('/usr/bin/node') ? '/usr/bin/node' : process.execPath
const FILES = 120

function quire(...args: string[]) {
  const child = spawn(SYSTEM_NODE, ['bin/quire.js', ...args], {
    cwd: REPO,
    env: { ...process.env, QUIRE_FROM_SOURCE: '1' },
    // Its own process group, so the test can signal the group as a terminal does.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (d: Buffer) => (out += d))
  child.stderr.on('data', (d: Buffer) => (err += d))
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>
  return { child, exited, out: () => out, err: () => err }
}

describe('quire ingest and Ctrl-C', () => {
  it('says it is cancelling, ends when the import has stopped, and a re-run imports the rest', async () => {
    const docs = tempDir()
    for (let i = 0; i < FILES; i++) {
      const pdf = await makeTextPdf({
        pages: [{ lines: paragraphLines([`Report ${i} covers the plant's output in week ${i}.`]) }],
      })
      fs.writeFileSync(path.join(docs, `report-${String(i).padStart(3, '0')}.pdf`), pdf)
    }
    const lib = tempDir()
    const run = quire('ingest', docs, '--library', lib, '--model-dir', 'none')
    // Once the first file is done the import is under way (its Ctrl-C handler installed).
    while (!/\[1\/\d+\]/.test(run.err())) await new Promise((r) => setTimeout(r, 10))
    process.kill(-run.child.pid!, 'SIGINT')
    const [code, signal] = await run.exited
    // The launcher was not killed by the Ctrl-C: it waited for the command and ended as it did.
    expect(signal).toBeNull()
    expect(code).toBe(0)
    expect(run.err()).toContain(INGEST_CANCELLING)
    const summary = /(\d+) indexed, 0 skipped, 0 failed in [\d.]+ s \(cancelled\)/.exec(run.out())
    expect(summary).not.toBeNull()
    const before = Number(summary![1])
    expect(before).toBeLessThan(FILES)

    const rerun = quire('ingest', docs, '--library', lib, '--model-dir', 'none')
    expect(await rerun.exited).toEqual([0, null])
    expect(rerun.out()).toContain(`${FILES - before} indexed, ${before} skipped, 0 failed`)
  })
})
