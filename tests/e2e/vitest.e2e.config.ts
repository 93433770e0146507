import { defineConfig } from 'vitest/config'
import { pathAliases } from '../../path-aliases'

// End-to-end tests drive the built UI in a real Chromium (and Electron where its binary exists)
// against the real engine and a fake Ollama. One file at a time in one fork: they share the
// built renderer and are heavy enough that parallelism only adds flakiness.
export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
})
