import { EventEmitter } from 'node:events'
import type { Io } from '../../src/main/cli/output.js'

/**
 * An Io whose output is collected in strings, for testing CLI commands in-process. Ctrl-C is
 * simulated by emitting 'SIGINT' on `interrupts`.
 */
export function captureIo(): Io & { out: () => string; err: () => string; interrupts: EventEmitter } {
  let out = ''
  let err = ''
  return {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    interrupts: new EventEmitter(),
    out: () => out,
    err: () => err,
  }
}
