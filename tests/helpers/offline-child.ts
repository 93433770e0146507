// Runs a TypeScript child script with every outbound connection refused (refuse-network.mjs, in
// every thread it starts) and returns what it printed and the guard's log: a "guard <thread>" line
// per guarded thread and an "attempt …" line per connection something tried.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

const root = path.resolve(import.meta.dirname, '../..')

export async function runOffline(
  script: string,
  args: string[],
  dir: string,
): Promise<{ stdout: string; log: string[] }> {
  const netLog = path.join(dir, 'net.log')
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', './tests/helpers/refuse-network.mjs', '--import', 'tsx', script, ...args],
    // A proxy setting must not matter either: nothing may try to reach one.
    { cwd: root, env: { ...process.env, QUIRE_NET_LOG: netLog, HTTPS_PROXY: 'http://10.255.255.1:9' } },
  )
  return { stdout, log: fs.readFileSync(netLog, 'utf8').trim().split('\n') }
}
