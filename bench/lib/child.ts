import { spawn } from 'node:child_process'
import path from 'node:path'
import { log, ROOT } from './env.js'

/**
 * Runs one bench section in its own Node process: peak RSS is then the section's own, and a
 * section's warm caches or leaked memory cannot flatter or hurt the next one.
 */
export function runSection<T>(name: string, args: string[] = []): Promise<T> {
  const script = path.join(ROOT, 'bench', 'sections', `${name}.ts`)
  const started = performance.now()
  log(`${name} ${args.join(' ')}`)
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.on('error', reject)
    child.on('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? ''
      if (code !== 0) return reject(new Error(`bench section ${name} exited with code ${code}`))
      try {
        resolve(JSON.parse(last) as T)
        log(`${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`)
      } catch {
        reject(new Error(`bench section ${name} printed no JSON result`))
      }
    })
  })
}
