// Tables end to end in Chromium (browser mode, real engine, scripted fake Ollama): a PDF with a
// ruled results table is imported, a lookup is asked, and the citation opens the table's page with
// the answering row marked strongly (the rest of the passage faintly).
import { type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/main/server/http-server.js'
import { splitTokens, startFakeOllama, type ChatRequestBody } from '../fake-ollama/index.js'
import * as step from './support/scenario.js'
import { startE2eSession, type E2eSession } from './support/session.js'
import { resultsTablePdf, TABLE_ANSWER, TABLE_QUESTION } from './support/table-pdf.js'

let session: E2eSession | undefined
let server: RunningServer
let browser: Browser
let page: Page
/** The passages the model was given, as the prompt states them. */
let prompt = ''

function responder() {
  return (req: ChatRequestBody) => {
    prompt = req.messages.map((m) => m.content).join('\n')
    return { tokens: splitTokens(TABLE_ANSWER), delayMs: 10 }
  }
}

describe('tables that answer (issue 29)', () => {
  beforeAll(async () => {
    session = await startE2eSession('tables', () => startFakeOllama({ chat: responder() }))
    ;({ server, browser } = session)
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
  })

  afterAll(async () => {
    await session?.close()
  })

  it('answers a lookup from a PDF table and opens its page with the answering row highlighted', async () => {
    await page.goto(server.url)
    await step.addPdfWithInput(page, 'trial-report.pdf', await resultsTablePdf())
    await step.waitForImport(page)

    const box = page.getByRole('textbox', { name: 'Question' })
    await box.fill(TABLE_QUESTION)
    await box.press('Enter')
    await step.waitForAnswer(page)
    // The model read the table as Markdown, its caption and header above the rows.
    expect(prompt).toContain('Table 1: Response by site.')
    expect(prompt).toContain('| Site | Patients | Response rate |')
    expect(prompt).toContain('| Lyon | 95 | 41% |')

    await step.openFirstCitation(page)
    const viewer = page.getByRole('complementary', { name: 'PDF viewer' })
    await viewer.getByText(/Source 1 is highlighted on (?:p\. |page )2/).waitFor()
    const focus = viewer.locator('.mark-focus')
    await focus.first().waitFor()
    // The strong marks sit on the Lyon row (and the header naming its column), not on the other rows.
    const marks = await focus.evaluateAll((els) =>
      els.map((e) => {
        const r = (
          e as unknown as { getBoundingClientRect(): { top: number; bottom: number } }
        ).getBoundingClientRect()
        return { top: r.top, bottom: r.bottom }
      }),
    )
    const rowMiddle = async (label: string) => {
      const b = await viewer
        .locator('.textLayer span', { hasText: new RegExp(`^${label}$`) })
        .first()
        .boundingBox()
      return b!.y + b!.height / 2
    }
    const marked = (y: number) => marks.some((m) => y >= m.top && y <= m.bottom)
    await step.screenshot(page, 'tables-01-row-highlight')
    expect(marked(await rowMiddle('Lyon'))).toBe(true)
    for (const other of ['Oslo', 'Porto', 'Graz']) expect(marked(await rowMiddle(other))).toBe(false)
  })
})
