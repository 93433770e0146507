// The import aliases of tsconfig.base.json's `paths`, for Vite (electron-vite, the e2e renderer
// build) and Vitest, which do not read tsconfig. Keep the two lists the same.
import { fileURLToPath } from 'node:url'

const at = (dir: string) => fileURLToPath(new URL(dir, import.meta.url))

export const pathAliases = {
  '@shared': at('./src/shared'),
  '@renderer': at('./src/renderer/src'),
  '@tests': at('./tests'),
}
