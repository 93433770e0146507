// Worker entry when running from TypeScript sources (CLI, tests): registers tsx in this
// thread, then loads the real worker. The desktop build bundles ingest-worker.ts directly.
import { fileURLToPath } from 'node:url'
import { register } from 'tsx/esm/api'

// The tsconfig is named so its `paths` (@shared/...) resolve whatever the current directory is.
register({ tsconfig: fileURLToPath(new URL('../../../../tsconfig.json', import.meta.url)) })
await import('./ingest-worker.ts')
