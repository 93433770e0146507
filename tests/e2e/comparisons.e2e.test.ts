// Comparisons end to end in Chromium (browser mode, real engine, scripted fake Ollama): two
// versions of a handbook, "Compare A and B on …" answered from both, and each side's citation
// opens its own document on the changed page, with that version's sentence highlighted.
import { type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/main/server/http-server.js'
import { splitTokens, startFakeOllama, type ChatRequestBody, type FakeOllama } from '../fake-ollama/index.js'
import { makeTextPdf } from '../fixtures/pdf-factory.js'
import { handbookVersion, VERSION_FACTS } from '../helpers/versions-library.js'
import * as step from './support/scenario.js'
import { startE2eSession, type E2eSession } from './support/session.js'

const QUESTION = `Compare ${VERSION_FACTS.old.file} and ${VERSION_FACTS.new.file} on the spring tide height`

/** A model that compares: it cites the first source of each document, as numbered in its prompt. */
function comparingModel(req: ChatRequestBody) {
  const user = req.messages.find((m) => m.role === 'user')?.content ?? ''
  const n = (file: string) => new RegExp(`^\\[(\\d+)\\] ${file.replace('.', '\\.')}`, 'm').exec(user)?.[1]
  const a = n(VERSION_FACTS.old.file)
  const b = n(VERSION_FACTS.new.file)
  return {
    tokens: splitTokens(
      `- The spring tide reaches 4.2 metres in the older handbook [${a}] and 4.5 metres in the newer one [${b}].`,
    ),
    delayMs: 10,
  }
}

let session: E2eSession | undefined
let ollama: FakeOllama
let server: RunningServer
let browser: Browser
let page: Page

describe('comparing two documents (issue 30)', () => {
  beforeAll(async () => {
    session = await startE2eSession('comparisons', () => startFakeOllama({ chat: comparingModel }))
    ;({ ollama, server, browser } = session)
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
  })

  afterAll(async () => {
    await session?.close()
  })

  it("answers from both documents, and each side's citation opens its own document on the changed page", async () => {
    await page.goto(server.url)
    const old = await makeTextPdf(handbookVersion(VERSION_FACTS.old.title, VERSION_FACTS.old.tides))
    const neu = await makeTextPdf(
      handbookVersion(VERSION_FACTS.new.title, VERSION_FACTS.new.tides, [...VERSION_FACTS.quays]),
    )
    await page.setInputFiles('input[type=file]', [
      { name: VERSION_FACTS.old.file, mimeType: 'application/pdf', buffer: Buffer.from(old) },
      { name: VERSION_FACTS.new.file, mimeType: 'application/pdf', buffer: Buffer.from(neu) },
    ])
    await page.getByText(/Import finished · 2 added/).waitFor({ timeout: 90_000 })

    const box = page.getByRole('textbox', { name: 'Question' })
    await box.fill(QUESTION)
    await box.press('Enter')
    const answer = page.getByRole('article', { name: 'Answer', exact: true }).last()
    await answer
      .getByRole('button', { name: /^Source \d+:/ })
      .first()
      .waitFor({ timeout: 60_000 })
    expect(ollama.chats.at(-1)!.body.messages[0]!.content).toMatch(/You compare two documents/)

    const chips = answer.locator('.answer-text').getByRole('button', { name: /^Source \d+:/ })
    expect(await chips.count()).toBe(2)
    const viewer = page.getByRole('complementary', { name: 'PDF viewer' })
    for (const [i, side] of [VERSION_FACTS.old, VERSION_FACTS.new].entries()) {
      const chip = chips.nth(i)
      expect(await chip.getAttribute('aria-label')).toContain(side.title)
      const n = Number(/^Source (\d+):/.exec((await chip.getAttribute('aria-label'))!)![1])
      await chip.click()
      await viewer
        .getByText(new RegExp(`Source ${n} is highlighted on p\\. \\d+`))
        .waitFor({ timeout: 30_000 })
      await viewer.locator('.mark-passage').first().waitFor()
      // This version's own tides sentence, on page 3 of its own document.
      const figure = side === VERSION_FACTS.old ? '4.2 metres' : '4.5 metres'
      await expect
        .poll(
          async () => (await viewer.locator('.textLayer').allInnerTexts()).join(' ').replace(/\s+/g, ' '),
          {
            timeout: 30_000,
          },
        )
        .toContain(figure)
      expect(await viewer.getByRole('status').first().innerText()).toMatch(/p\. 3/)
      await step.screenshot(page, `comparisons-0${i + 1}-side-${i === 0 ? 'a' : 'b'}`)
    }
  })
})
