import type { Writable } from 'node:stream'

/** Where a command writes. Injected so commands are testable without a terminal. */
export interface Io {
  stdout: Writable & { isTTY?: boolean; columns?: number }
  stderr: Writable
}

export const processIo: Io = { stdout: process.stdout, stderr: process.stderr }

export function printJson(io: Io, value: unknown): void {
  io.stdout.write(JSON.stringify(value) + '\n')
}
