// Issue 29 end to end in Chromium (browser mode, real engine, scripted fake Ollama): an Excel
// workbook dropped on the window imports; a lookup is answered from it; the citation opens the
// sheet's table in the reader view, cited by its cells ("Warehouse!A2:D…"), with the row that
// answers marked strongly inside the faintly marked rows of the passage. Screenshots in
// test-artifacts/e2e/sheets-*.png.
import { type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/main/server/http-server.js'
import { splitTokens, startFakeOllama } from '../fake-ollama/index.js'
import { makeXlsx, type XlsxCell } from '../fixtures/sheet-factory.js'
import * as step from './support/scenario.js'
import { startE2eSession, type E2eSession } from './support/session.js'

const QUESTION = 'How many flange bolts are stocked in bin K7?'
const ANSWER = 'Bin K7 holds 412 flange bolts [1].'

/** A stock list: 40 parts, the flange bolts in the middle. */
function stockWorkbook(): Uint8Array {
  const parts: XlsxCell[][] = Array.from({ length: 40 }, (_, i) => [
    `part ${i + 1}`,
    `B${i + 1}`,
    (i + 1) * 7,
    { n: 45352 + i, format: 'yyyy-mm-dd' },
  ])
  parts[20] = ['flange bolt', 'K7', 412, { n: 45000, format: 'yyyy-mm-dd' }]
  return makeXlsx([
    { name: 'Warehouse', rows: [['Part', 'Bin', 'Count', 'Counted on'], ...parts] },
    {
      name: 'Suppliers',
      rows: [
        ['Supplier', 'City'],
        ['Nordbolt', 'Bergen'],
      ],
    },
  ])
}

let session: E2eSession | undefined
let server: RunningServer
let browser: Browser
let page: Page

describe('spreadsheets, read as tables and shown (issue 29)', () => {
  beforeAll(async () => {
    session = await startE2eSession('sheets', () =>
      startFakeOllama({ chat: { tokens: splitTokens(ANSWER), delayMs: 20 } }),
    )
    ;({ server, browser } = session)
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  })

  afterAll(async () => {
    await session?.close()
  })

  it('drop an XLSX → ask a lookup → the citation opens the sheet with the answering row highlighted', async () => {
    await page.goto(server.url)
    await page.getByRole('region', { name: 'Getting started' }).waitFor()
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    await step.addFileWithDrop(page, 'stock.xlsx', stockWorkbook(), xlsx)
    await step.waitForAdded(page, 1, 'sheets', 120_000)
    await step.screenshot(page, 'sheets-01-imported')

    const reader = await step.openCitationInReader(page, {
      question: QUESTION,
      answerHas: '412',
      source: /stock/,
      highlighted: /^Source 1 is highlighted at Warehouse!A\d+:D\d+\.$/,
      shots: 'sheets',
    })
    expect(await reader.locator('.reader-locator').innerText()).toMatch(/^Warehouse!A\d+:D\d+$/)
    // The sheet's table: its header and its 40 rows, dates as the sheet shows them.
    expect(await reader.getByRole('row').count()).toBe(41)
    expect(await reader.getByRole('cell', { name: 'Counted on' }).count()).toBe(1)
    expect(await reader.getByRole('cell', { name: '2023-03-15' }).count()).toBe(1)
    // The answering row strongly, and only it; the rest of the passage's rows faintly.
    const strongRows = reader.locator('tr', { has: page.locator('mark.mark-focus') })
    expect(await strongRows.count()).toBe(1)
    expect(await strongRows.first().innerText()).toMatch(/flange bolt\s+K7\s+412\s+2023-03-15/)
    expect(await reader.locator('mark.mark-passage.is-faint').count()).toBeGreaterThan(0)
    expect(await strongRows.first().isVisible()).toBe(true)
    await step.screenshot(page, 'sheets-03-highlighted-row')
  })
})
