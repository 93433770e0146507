// Vitest global setup for the main project: builds fixtures every test run needs once.
import { buildTestModel } from '../scripts/build-test-model.js'
import { buildTestReranker } from '../scripts/build-test-reranker.js'
import { TEST_MODEL_DIR, TEST_RERANKER_DIR } from './test-model.js'

export default async function setup(): Promise<void> {
  // Built here rather than committed: a few kilobytes generated deterministically, skipped when current.
  await buildTestModel(TEST_MODEL_DIR)
  await buildTestReranker(TEST_RERANKER_DIR, 'tiny')
}
