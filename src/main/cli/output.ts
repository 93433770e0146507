/** Anything text can be written to: a process stream, or a string collector in tests. */
export interface TextSink {
  write(chunk: string): unknown
}

/** Where Ctrl-C comes from: the process by default, an EventEmitter in tests. */
export interface InterruptSource {
  on(event: 'SIGINT', listener: () => void): unknown
  off(event: 'SIGINT', listener: () => void): unknown
}

/**
 * Where a command writes, and where its Ctrl-C comes from. Injected so every command is testable
 * without a terminal. `isTTY`/`columns` choose the live progress bar over plain lines.
 */
export interface Io {
  stdout: TextSink & { isTTY?: boolean; columns?: number }
  stderr: TextSink
  interrupts?: InterruptSource
}

export const processIo: Io = { stdout: process.stdout, stderr: process.stderr }

/**
 * The first Ctrl-C aborts `ac` (and calls `then`); its listener then goes, so a second Ctrl-C ends
 * the process as Node's default does. Returns the release for when the command is done.
 */
export function stopOnInterrupt(source: InterruptSource, ac: AbortController, then?: () => void): () => void {
  const onInterrupt = () => {
    source.off('SIGINT', onInterrupt)
    ac.abort()
    then?.()
  }
  source.on('SIGINT', onInterrupt)
  return () => source.off('SIGINT', onInterrupt)
}

export function printJson(io: Io, value: unknown): void {
  io.stdout.write(JSON.stringify(value) + '\n')
}

/**
 * `quire search … | head` closes stdout early: stop quietly, as Unix tools do, instead of
 * printing an EPIPE stack trace.
 */
export function stopQuietlyOnClosedPipe(): void {
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    throw err
  })
}
