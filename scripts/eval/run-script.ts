import { execFileSync } from 'node:child_process'
import path from 'node:path'

/** The repository's root: scripts run from it, their paths relative to it. */
export const REPO = path.resolve(import.meta.dirname, '../..')

/**
 * Runs one of the repository's TypeScript scripts under tsx in a child Node (this same Node) and
 * returns its standard output; its standard error goes to this process's. Throws if it fails.
 */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
    env,
  })
}
