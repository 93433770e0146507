// Parse-worker entry when running from TypeScript sources (CLI, tests, bench): registers tsx in
// this thread, then loads the real worker. A bundled build points ParsePool at its own output.
import { fileURLToPath } from 'node:url'
import { register } from 'tsx/esm/api'

// The tsconfig is named so its `paths` (@shared/...) resolve whatever the current directory is.
register({ tsconfig: fileURLToPath(new URL('../../../../tsconfig.json', import.meta.url)) })
await import('./parse-worker.ts')
