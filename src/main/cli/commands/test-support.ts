import { EventEmitter } from 'node:events'
import type { CommandIo } from './ask.js'

export function captureIo(): CommandIo & { out: () => string; err: () => string; interrupts: EventEmitter } {
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
