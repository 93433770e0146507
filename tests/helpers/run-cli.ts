import { main } from '../../src/main/cli/main.js'
import { captureIo } from './capture-io.js'

/** Runs `quire ARGS` in-process: its exit code and what it wrote to stdout and stderr. */
export async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo()
  const code = await main(args, io)
  return { code, out: io.out(), err: io.err() }
}
