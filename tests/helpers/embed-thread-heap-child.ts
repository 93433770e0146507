// Starts an embed thread with a heap limit far below what loading its code needs and prints how the
// start ended (the error's code, or "started"). Run in its own process by lane-embedder.test.ts.
import { EmbedThread } from '../../src/main/engine/embed/embed-thread.js'

const [script, modelDir, memoryMb] = process.argv.slice(2) as [string, string, string]
const ended = await EmbedThread.start(new URL(script), modelDir, 2, Number(memoryMb)).then(
  async (thread) => {
    await thread.close()
    return 'started'
  },
  (err: unknown) => String((err as { code?: string }).code ?? err),
)
process.stdout.write(`${ended}\n`)
