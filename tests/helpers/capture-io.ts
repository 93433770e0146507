import { PassThrough } from 'node:stream'
import type { Io } from '../../src/main/cli/output.js'

/** An Io whose output is collected in strings, for testing CLI commands in-process. */
export function captureIo(): Io & { out: () => string; err: () => string } {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  let out = ''
  let err = ''
  stdout.on('data', (d: Buffer) => (out += d.toString()))
  stderr.on('data', (d: Buffer) => (err += d.toString()))
  return { stdout, stderr, out: () => out, err: () => err }
}
