// Where the tiny test model lives; tests/global-setup.ts builds it before any test runs.
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The tiny deterministic BERT-shaped model from scripts/build-test-model.ts (dim 32). */
export const TEST_MODEL_DIR = join(repoRoot, '.cache', 'test-model', 'quire-tiny-bert')

/** The tiny random-weight cross-encoder from scripts/build-test-reranker.ts (wiring, never quality). */
export const TEST_RERANKER_DIR = join(repoRoot, '.cache', 'test-model', 'quire-tiny-cross-encoder')
