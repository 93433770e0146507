import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { pathAliases } from './path-aliases'

// Three projects: the Node side (engine, CLI, IPC, server) runs in forked processes because
// better-sqlite3, hnswlib-node and onnxruntime-node are native modules; the renderer runs in jsdom;
// `app` runs the renderer in jsdom against the real services in the same process (tests/app:
// createInMemoryApi over the real IPC router, a real library in a temp folder, the fake Ollama),
// so it needs both: jsdom and forks. End-to-end browser tests live in tests/e2e and run through
// `npm run test:e2e`.
/** Tests that run worker threads out of their heap limit on purpose (see the heap-limits project). */
const HEAP_LIMIT_TESTS = [
  'src/main/engine/worker/long-lived-import-worker.test.ts',
  'src/main/engine/worker/run-ingest-worker.test.ts',
  'src/main/engine/worker/parse-pool.test.ts',
]

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
          exclude: ['tests/e2e/**', 'tests/app/**', ...HEAP_LIMIT_TESTS],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/global-setup.ts'],
        },
      },
      {
        resolve: { alias: pathAliases },
        test: {
          name: 'heap-limits',
          environment: 'node',
          pool: 'forks',
          include: HEAP_LIMIT_TESTS,
          // These tests start worker threads with heap limits far below what their code needs. When
          // a thread runs out while V8 installs an optimised function, V8 aborts the whole process
          // ("LocalHeap: allocation failed") instead of ending the thread, which took the test
          // runner's process down on a loaded machine; without the optimising compiler it cannot.
          execArgv: ['--no-opt'],
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
