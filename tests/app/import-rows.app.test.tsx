// Import rows are keyed by the file's full path: two report.pdf from different folders are two
// rows, each following its own file's progress and result, through the real import queue.
import fs from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeTextPdf, paragraphLines } from '@tests/fixtures/pdf-factory.js'
import { tempServices } from '@tests/helpers/temp-services.js'
import { openApp, type OpenedApp } from './open-app.js'

let env: Awaited<ReturnType<typeof tempServices>>
let app: OpenedApp | null = null

// Under jsdom, import.meta.url is not a file: URL, so the import and parse workers are named here.
const workers = {
  workerUrl: pathToFileURL(path.resolve('src/main/engine/worker/ingest-worker-entry.js')),
  parseWorkerUrl: path.resolve('src/main/engine/worker/parse-worker-entry.js'),
}

beforeEach(async () => {
  env = await tempServices(workers)
})

afterEach(async () => {
  app?.close()
  app = null
  await env.dispose()
})

describe('import rows', () => {
  it('keeps two report.pdf from different folders apart, each with its own result', async () => {
    const q3 = path.join(env.tmp, 'Q3', 'report.pdf')
    const q4 = path.join(env.tmp, 'Q4', 'report.pdf')
    await fs.mkdir(path.dirname(q3))
    await fs.mkdir(path.dirname(q4))
    await fs.writeFile(
      q3,
      await makeTextPdf({
        title: 'Third quarter',
        pages: [{ lines: paragraphLines(['Sales in the third quarter rose by four percent.']) }],
      }),
    )
    // Not a PDF at all: this one fails, the other imports.
    await fs.writeFile(q4, 'these are not the bytes of a PDF')

    app = await openApp(env.services, { pickFiles: async () => [q3, q4] })
    await app.user.click(screen.getByRole('button', { name: 'Add documents' }))

    const library = app.stores.library
    await waitFor(() => expect(library.getState().jobs[0]?.report).not.toBeNull(), { timeout: 30_000 })
    const rows = library.getState().jobs[0]!.files
    expect(rows.map((r) => [r.key, r.name, r.path, r.stage])).toEqual([
      [q3, 'report.pdf', q3, 'done'],
      [q4, 'report.pdf', q4, 'failed'],
    ])
    expect(rows[1]!.errorCode).toMatch(/^PDF_/)

    // On the page: two rows named report.pdf, the failed one with its own Retry.
    const card = screen.getByRole('region', { name: 'Import progress' })
    const names = within(card).getAllByText('report.pdf')
    expect(names.map((n) => n.getAttribute('title'))).toEqual([q3, q4])
    expect(within(card).getAllByRole('button', { name: 'Retry report.pdf' })).toHaveLength(1)
    // The document list tells the two same-named documents apart by folder.
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('checkbox', { name: /^Search report\.pdf/ })
          .map((c) => c.getAttribute('aria-label')),
      ).toEqual(['Search report.pdf — Q3/', 'Search report.pdf — Q4/']),
    )
  })
})
