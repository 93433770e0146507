// Vitest global setup for the main project: builds fixtures every test run needs once.
import { buildTestModel } from '../scripts/build-test-model.js'
import { TEST_MODEL_DIR } from './test-model.js'

export default async function setup(): Promise<void> {
  // Built here rather than committed: a few kilobytes generated deterministically, skipped when current.
  await buildTestModel(TEST_MODEL_DIR)
}
