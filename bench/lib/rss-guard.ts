import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** Resident memory of a process and all its descendants, MiB (Linux /proc; 0 elsewhere). */
export function treeRssMb(root: number): number {
  let entries: string[]
  try {
    entries = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e))
  } catch {
    return 0
  }
  const children = new Map<number, number[]>()
  for (const e of entries) {
    try {
      // Field 4 of /proc/PID/stat is the parent pid; the command name (field 2) may hold spaces.
      const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(e)])
    } catch {
      // The process ended meanwhile.
    }
  }
  let kb = 0
  const stack = [root]
  while (stack.length) {
    const pid = stack.pop()!
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
      if (m) kb += Number(m[1])
    } catch {
      // Gone.
    }
    stack.push(...(children.get(pid) ?? []))
  }
  return Math.round(kb / 1024)
}

export interface GuardedRun {
  s: number
  stdout: string
  stderr: string
  code: number | null
  peakRssMb: number
  /** Killed for passing the memory limit. */
  killed: boolean
  /**
   * User + system CPU seconds of the command and the children it waited for (GNU time, where
   * installed; else null). Unlike wall time it barely depends on what else runs on the machine.
   */
  cpuS: number | null
}

const GNU_TIME = '/usr/bin/time'

/**
 * Runs a command (niced by the caller's own niceness), polling the resident memory of its whole
 * process tree; past `limitMb` the tree is killed, so a runaway benchmark cannot take the machine's
 * memory from everything else on it.
 */
export function runGuarded(
  cmd: string,
  args: string[],
  opts: { cwd: string; limitMb: number },
): Promise<GuardedRun> {
  return new Promise((resolve, reject) => {
    const t = performance.now()
    const timeFile = fs.existsSync(GNU_TIME)
      ? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-time-')), 'time.txt')
      : null
    const [c, a] = timeFile ? [GNU_TIME, ['-f', '%U %S', '-o', timeFile, cmd, ...args]] : [cmd, args]
    const child = spawn(c, a, { cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    let peak = 0
    let killed = false
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const timer = setInterval(() => {
      const rss = treeRssMb(child.pid!)
      peak = Math.max(peak, rss)
      if (rss > opts.limitMb && !killed) {
        killed = true
        child.kill('SIGKILL')
      }
    }, 250)
    child.on('error', (e) => {
      clearInterval(timer)
      reject(e)
    })
    child.on('close', (code) => {
      clearInterval(timer)
      let cpuS: number | null = null
      if (timeFile) {
        const last = fs.readFileSync(timeFile, 'utf8').trim().split('\n').at(-1) ?? ''
        const [u, sys] = last.split(' ').map(Number)
        if (Number.isFinite(u) && Number.isFinite(sys)) cpuS = u! + sys!
        fs.rmSync(path.dirname(timeFile), { recursive: true, force: true })
      }
      resolve({ s: (performance.now() - t) / 1000, stdout, stderr, code, peakRssMb: peak, killed, cpuS })
    })
  })
}
