// Worker entry when running from TypeScript sources (CLI, tests): registers tsx in this
// thread, then loads the real worker. The desktop build bundles ingest-worker.ts directly.
import { register } from 'tsx/esm/api'

register()
await import('./ingest-worker.ts')
