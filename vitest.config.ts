import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { pathAliases } from './path-aliases'

// Three projects: the Node side (engine, CLI, IPC, server) runs in forked processes because
// better-sqlite3, hnswlib-node and onnxruntime-node are native modules; the renderer runs in jsdom;
// `app` runs the renderer in jsdom against the real services in the same process (tests/app:
// createInMemoryApi over the real IPC router, a real library in a temp folder, the fake Ollama),
// so it needs both: jsdom and forks. End-to-end browser tests live in tests/e2e and run through
// `npm run test:e2e`.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: pathAliases },
        test: {
          name: 'main',
          environment: 'node',
          pool: 'forks',
          include: [
            'src/main/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'src/preload/**/*.test.ts',
            'tests/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['tests/e2e/**', 'tests/app/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/global-setup.ts'],
        },
      },
      {
        resolve: { alias: pathAliases },
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['src/renderer/test-setup.ts'],
        },
      },
      {
        resolve: { alias: pathAliases },
        plugins: [react()],
        test: {
          name: 'app',
          environment: 'jsdom',
          pool: 'forks',
          include: ['tests/app/**/*.test.{ts,tsx}'],
          setupFiles: ['src/renderer/test-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
