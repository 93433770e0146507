// Child process for the hostile-input suite: runs `quire ingest --json` (the CLI's own code, its
// extraction threads included) on a folder, then prints the report and the process's peak memory,
// every thread included, so the parent can hold the whole import to a memory bound.
import { main } from '../../src/main/cli/main.js'
import { captureIo } from './capture-io.js'

const [folder, libDir] = process.argv.slice(2)
const io = captureIo()
const code = await main(['ingest', folder!, '--library', libDir!, '--model-dir', 'none', '--json'], io)
process.stdout.write(
  `${JSON.stringify({ code, report: JSON.parse(io.out()), peakRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`,
)
