// Where end-to-end tests find the repository, the built renderer, and where they put screenshots.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
export const RENDERER_OUT = path.join(REPO_ROOT, 'out', 'renderer')
export const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts', 'e2e')
export const CHROMIUM = process.env.QUIRE_CHROMIUM ?? '/usr/bin/chromium'
