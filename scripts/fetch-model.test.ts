import { execFile } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const SCRIPT = fileURLToPath(new URL('./fetch-model.mjs', import.meta.url))

function run(args: string[], endpoint: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT, ...args],
      { env: { ...process.env, HF_ENDPOINT: endpoint } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

// A stand-in for the Hub that serves bytes which cannot match the pinned hashes.
let server: Server
let endpoint: string
let root: string
beforeAll(async () => {
  server = createServer((_req, res) => res.end('not the real file'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  root = await mkdtemp(join(tmpdir(), 'quire-fetch-'))
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await rm(root, { recursive: true, force: true })
})

describe('fetch-model.mjs', () => {
  it('refuses files whose SHA-256 differs from the pinned one and installs nothing', async () => {
    const dest = join(root, 'tampered', 'all-MiniLM-L6-v2')
    const result = await run(['--dest', dest, '--optional'], endpoint)
    // Even with --optional: a hash mismatch is not "offline", it is a file that must not be used.
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/does not match the pinned/)
    expect(await readdir(join(root, 'tampered'))).toEqual([])
  })

  it('with --optional, reports an unreachable host in one line and exits 0', async () => {
    const dest = join(root, 'offline', 'all-MiniLM-L6-v2')
    // Port 9 (discard) on loopback: nothing listens there, so the connection is refused at once.
    const result = await run(['--dest', dest, '--optional'], 'http://127.0.0.1:9')
    expect(result.code).toBe(0)
    expect(result.stderr.trim()).toMatch(
      /^Could not download the embedding model \(offline\?\)\..*keyword-only mode/,
    )
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(await readdir(join(root, 'offline'))).toEqual([])
  })

  it('without --optional, fails with exit code 1 and the cause', async () => {
    const result = await run(['--dest', join(root, 'strict', 'm')], 'http://127.0.0.1:9')
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/Cause: .*127\.0\.0\.1:9/)
  })
})
