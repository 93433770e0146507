// Reranking end to end in Chromium (browser mode, real engine, fake Ollama): a cross-encoder folder
// imported in Settings › Search reranks the next question's passages: the question says it was
// reranked and the sources come in another order. The random-weight test cross-encoder
// (scripts/build-test-reranker.ts) orders the eight look-alike sections its own way: wiring only.
import { type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestReranker } from '../../scripts/build-test-reranker.js'
import { startFakeOllama } from '../fake-ollama/index.js'
import { TEST_RERANKER_DIR } from '../test-model.js'
import * as step from './support/scenario.js'
import { startE2eSession, type E2eSession } from './support/session.js'

const QUESTION = 'tomato plants garden'
const TOPICS = ['soil', 'watering', 'pests', 'pruning', 'harvest', 'seeds', 'compost', 'frost']
const FILLER = Array(8)
  .fill(
    'Gardeners in the north and the south report the same pattern year after year, and the notes below record what worked in each plot.',
  )
  .join(' ')
const GARDEN = TOPICS.map(
  (t) =>
    `# Tomato ${t}\n\nTomato plants and ${t}: how the garden ${t} affects tomato plants in summer. ${FILLER}\n`,
).join('\n')

let session: E2eSession | undefined
let page: Page

async function askAndWait(question: string): Promise<void> {
  const before = await page.getByRole('article', { name: 'Answer', exact: true }).count()
  const box = page.getByRole('textbox', { name: 'Question' })
  await box.fill(question)
  await box.press('Enter')
  await expect
    .poll(() => page.getByRole('article', { name: 'Answer', exact: true }).count(), { timeout: 60_000 })
    .toBe(before + 1)
  await page.getByRole('article', { name: 'Answer in progress' }).waitFor({ state: 'detached' })
}

/** The sections of the last answer's sources, in source order. */
async function sourceOrder(): Promise<string[]> {
  const answer = page.getByRole('article', { name: 'Answer', exact: true }).last()
  return answer.locator('.source-list .source-pages').allInnerTexts()
}

describe('a reranker imported in Settings', () => {
  beforeAll(async () => {
    await buildTestReranker(TEST_RERANKER_DIR, 'tiny')
    session = await startE2eSession('reranker', () =>
      startFakeOllama({ chat: { tokens: ['Tomato plants [1].'] } }),
    )
    page = await session.browser.newPage({ viewport: { width: 1440, height: 900 } })
  })

  afterAll(async () => {
    await session?.close()
  })

  it('reranks the next question: the trace says so and the sources change order', async () => {
    await page.goto(session!.server.url)
    await page.setInputFiles('input[type=file]', {
      name: 'garden.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(GARDEN),
    })
    await step.waitForImport(page)

    await askAndWait(QUESTION)
    const before = await sourceOrder()
    expect(before.length).toBeGreaterThan(2)
    expect(await page.locator('[data-stage=rerank]').count()).toBe(0)

    await page.getByRole('button', { name: 'Open settings', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Settings' })
    expect(
      await dialog.getByRole('group', { name: 'Reranking' }).or(dialog.getByLabel('Reranking')).innerText(),
    ).toContain('No reranker')
    await dialog.getByLabel('Reranker folder').fill(TEST_RERANKER_DIR)
    await dialog.getByRole('button', { name: 'Import reranker folder…' }).click()
    await dialog
      .getByText('Reranking with quire/test-cross-encoder-tiny (int8 onnx/model_quantized.onnx)')
      .first()
      .waitFor({ timeout: 60_000 })
    await step.screenshot(page, 'reranker-01-settings')
    await dialog.getByRole('button', { name: 'Close settings' }).click()

    await page.getByRole('button', { name: 'New conversation' }).click()
    await askAndWait(QUESTION)
    const note = page.getByRole('article', { name: 'Question' }).last().locator('[data-stage=rerank]')
    expect(await note.innerText()).toMatch(
      /^Reranked by quire\/test-cross-encoder-tiny \(int8 onnx\/model_quantized\.onnx\): \d+ (of \d+ )?candidate passages.* in \d+ ms; \d+ of the top results changed place\.$/,
    )
    const after = await sourceOrder()
    expect(after).not.toEqual(before)
    await step.screenshot(page, 'reranker-02-reranked')
  })
})
