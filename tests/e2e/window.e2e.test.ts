// The window at every size down to Electron's minimum (720×480), light and dark, in browser mode:
// no horizontal scroll, the top bar's status and Settings, the Ask button and the viewer's controls
// stay reachable. Also per-file import results in the page and no stray upload copies.
import fs from 'node:fs/promises'
import path from 'node:path'
import { type Browser, type Locator, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/main/server/http-server.js'
import { startScriptedOllama } from './support/fake-ollama-script.js'
import { harbourPdf } from './support/sample-pdf.js'
import * as step from './support/scenario.js'
import { startE2eSession, type E2eSession } from './support/session.js'

const SIZES = [
  { width: 720, height: 480 },
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const

let session: E2eSession | undefined
let tmp: string
let server: RunningServer
let browser: Browser
let page: Page
const consoleErrors: string[] = []

/** Fails when the page scrolls sideways or `locator` sticks out of the window. */
async function expectInside(p: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox()
  const { width, height } = p.viewportSize()!
  expect(box, what).not.toBeNull()
  expect(box!.x, what).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width, what).toBeLessThanOrEqual(width + 0.5)
  expect(box!.y + box!.height, what).toBeLessThanOrEqual(height + 0.5)
}

async function expectNoHorizontalScroll(p: Page, what: string): Promise<void> {
  const { scroll, client } = await p.evaluate(() => {
    const el = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement
    return { scroll: el.scrollWidth, client: el.clientWidth }
  })
  expect(scroll, `${what}: page scrolls sideways`).toBeLessThanOrEqual(client)
}

describe('the window at any size', () => {
  beforeAll(async () => {
    session = await startE2eSession('window', startScriptedOllama)
    ;({ tmp, server, browser } = session)
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()))
    page.on('pageerror', (e) => consoleErrors.push(e.message))
  })

  afterAll(async () => {
    await session?.close()
  })

  it('gives each file of a batch its own result and keeps no stray copies', async () => {
    await page.goto(server.url)
    await expect
      .poll(() =>
        page.evaluate(() =>
          (
            globalThis as unknown as {
              document: { activeElement: { getAttribute(n: string): string | null } | null }
            }
          ).document.activeElement?.getAttribute('aria-label'),
        ),
      )
      .toBe('Question')
    await page.setInputFiles('input[type=file]', [
      { name: 'harbour-handbook.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await harbourPdf()) },
      { name: 'x.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) },
    ])
    const job = page.getByRole('region', { name: 'Import progress' })
    await job.getByText(/Import finished · 1 added · 1 could not be added/).waitFor({ timeout: 90_000 })
    await job.getByText('Empty file (0 bytes)').waitFor()
    await step.screenshot(page, 'window-import-per-file')
    expect(await fs.readdir(path.join(tmp, 'library', 'imported'))).toEqual(['harbour-handbook.pdf'])

    // The same PDF again is a duplicate: reported, and its copy is not kept.
    await page.getByRole('button', { name: 'Dismiss import summary' }).click()
    await page.setInputFiles('input[type=file]', {
      name: 'harbour copy.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await harbourPdf()),
    })
    await job.getByText(/Import finished · 0 added · 1 already in library/).waitFor({ timeout: 90_000 })
    expect(await fs.readdir(path.join(tmp, 'library', 'imported'))).toEqual(['harbour-handbook.pdf'])

    await step.ask(page)
    expect(await step.waitForAnswer(page)).toContain('4.2 metres')
  })

  for (const scheme of ['light', 'dark'] as const) {
    for (const size of SIZES) {
      it(`${size.width}×${size.height} ${scheme}: nothing cut off, no horizontal scroll`, async () => {
        await page.emulateMedia({ colorScheme: scheme })
        await page.setViewportSize(size)
        const name = `window-${size.width}x${size.height}-${scheme}`
        const viewer = page.getByRole('complementary', { name: 'PDF viewer' })
        if (await viewer.isVisible()) await viewer.getByRole('button', { name: 'Close viewer' }).click()

        await expectNoHorizontalScroll(page, name)
        await expectInside(page, page.getByRole('button', { name: /^Language model status/ }), 'status pill')
        await expectInside(
          page,
          page.getByRole('button', { name: 'Open settings', exact: true }),
          'Settings button',
        )
        await expectInside(page, page.getByRole('button', { name: 'Send question' }), 'Ask button')
        await expectInside(page, page.getByRole('button', { name: /sidebar$/ }), 'sidebar toggle')
        await step.screenshot(page, `${name}-chat`)

        // The sidebar opens and closes with Ctrl+B at every size; on narrow windows it floats.
        const nav = page.getByRole('navigation', { name: 'Conversations' })
        const wasOpen = await nav.isVisible()
        // Narrowing the window from 1440 px hid the floating sidebar: the conversation stays in view.
        if (size.width < 900) expect(wasOpen).toBe(false)
        await page.keyboard.press('Control+b')
        await expect.poll(() => nav.isVisible()).toBe(!wasOpen)
        if (!wasOpen) {
          await expectInside(
            page,
            page.getByRole('searchbox', { name: 'Filter documents' }),
            'document filter',
          )
          await step.screenshot(page, `${name}-sidebar`)
        }
        await expectNoHorizontalScroll(page, `${name} sidebar toggled`)
        if (size.width < 900) {
          // A click beside the floating sidebar closes it.
          await page.mouse.click(size.width - 20, size.height / 2)
        } else {
          await page.keyboard.press('Control+b')
        }
        await expect.poll(() => nav.isVisible()).toBe(wasOpen)

        // The viewer: a column on wide windows, a sheet over the conversation below 1200 px.
        await step.openFirstCitation(page)
        await expectNoHorizontalScroll(page, `${name} viewer`)
        for (const control of ['Close viewer', 'Next page', 'Zoom in']) {
          await expectInside(page, viewer.getByRole('button', { name: control }), `${name} ${control}`)
        }
        await expectInside(page, viewer.getByRole('searchbox', { name: 'Find in document' }), `${name} find`)
        await step.screenshot(page, `${name}-viewer`)
      })
    }
  }

  it('brings back the sidebar that a narrow window hid once the window is wide again', async () => {
    await page.setViewportSize({ width: 1440, height: 900 })
    // Run alone, nothing has opened the app yet.
    if (page.url() === 'about:blank') await page.goto(server.url)
    const nav = page.getByRole('navigation', { name: 'Conversations' })
    await page.getByRole('button', { name: /sidebar$/ }).waitFor()
    if (!(await nav.isVisible())) await page.keyboard.press('Control+b')
    await expect.poll(() => nav.isVisible()).toBe(true)
    await page.setViewportSize({ width: 800, height: 700 })
    await expect.poll(() => nav.isVisible()).toBe(false)
    await page.setViewportSize({ width: 1440, height: 900 })
    await expect.poll(() => nav.isVisible()).toBe(true)
  })

  it('switches the theme in Settings; Esc closes Settings; removing the document deletes its copy', async () => {
    await page.setViewportSize({ width: 1024, height: 700 })
    await page.emulateMedia({ colorScheme: 'light' })
    await page.getByRole('button', { name: 'Open settings', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Settings' })
    await dialog.locator('label', { hasText: 'Dark' }).click()
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as {
            document: { documentElement: { getAttribute(n: string): string | null } }
          }
        ).document.documentElement.getAttribute('data-theme'),
      ),
    ).toBe('dark')
    await step.screenshot(page, 'window-settings-dark')
    await dialog.locator('label', { hasText: 'System' }).click()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    const nav = page.getByRole('navigation', { name: 'Conversations' })
    if (!(await nav.isVisible())) await page.keyboard.press('Control+b')
    const viewer = page.getByRole('complementary', { name: 'PDF viewer' })
    if (await viewer.isVisible()) await viewer.getByRole('button', { name: 'Close viewer' }).click()
    // Row actions show on hover or keyboard focus.
    await page.locator('.doc-row', { hasText: 'harbour-handbook.pdf' }).hover()
    await page.getByRole('button', { name: 'Remove harbour-handbook.pdf' }).click()
    await page.getByRole('button', { name: 'Confirm remove harbour-handbook.pdf' }).click()
    await expect.poll(() => fs.readdir(path.join(tmp, 'library', 'imported'))).toEqual([])
    expect(consoleErrors.filter((e) => !/favicon/.test(e))).toEqual([])
  })
})
