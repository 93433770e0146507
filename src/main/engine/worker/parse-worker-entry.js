// Parse-worker entry when running from TypeScript sources (CLI, tests, bench): registers tsx in
// this thread, then loads the real worker. A bundled build points ParsePool at its own output.
import { register } from 'tsx/esm/api'

register()
await import('./parse-worker.ts')
