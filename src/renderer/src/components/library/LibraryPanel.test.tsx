import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@renderer/test/render-app.js'
import { doc } from '@renderer/test/fake-api.js'
import { KEPT_OLDER_INDEX } from '@shared/outdated-index.js'

describe('library panel', () => {
  it('says an import waits for the import in progress, then shows its progress once it starts', async () => {
    const user = userEvent.setup()
    const { api } = await renderApp({ 'library.upload': () => ({ jobId: 'j1' }) })
    await user.upload(screen.getByLabelText('Choose documents'), [
      new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }),
    ])
    const waiting = {
      stage: 'waiting' as const,
      file: '',
      done: 0,
      total: 0,
      filesDone: 0,
      filesTotal: 1,
      message: 'Waiting for the import in progress (process 7) to finish.',
    }
    act(() => api.emit('library.progress', { jobId: 'j1', progress: waiting, etaSeconds: null }))
    const job = screen.getByRole('region', { name: 'Import progress' })
    expect(within(job).getByRole('status').textContent).toBe('Waiting for the import in progress')
    act(() =>
      api.emit('library.progress', {
        jobId: 'j1',
        progress: { ...waiting, stage: 'reading', file: '/lib/imported/report.pdf', total: 1 },
        etaSeconds: null,
      }),
    )
    expect(within(job).getByRole('status').textContent).toMatch(/^Adding 0 of 1/)
  })

  it('uploads picked files, shows each file stage with a batch ETA, then errors in plain words', async () => {
    const user = userEvent.setup()
    const { api } = await renderApp({ 'library.upload': () => ({ jobId: 'j1' }) })
    const input = screen.getByLabelText('Choose documents')
    await user.upload(input, [
      new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }),
      new File(['%PDF'], 'locked.pdf', { type: 'application/pdf' }),
    ])
    expect(api.callsTo('library.upload')).toHaveLength(1)
    act(() =>
      api.emit('library.progress', {
        jobId: 'j1',
        progress: {
          stage: 'extracting',
          file: '/lib/imported/report.pdf',
          done: 1,
          total: 4,
          filesDone: 0,
          filesTotal: 2,
        },
        etaSeconds: 90,
      }),
    )
    const job = screen.getByRole('region', { name: 'Import progress' })
    expect(within(job).getByText('Extracting text')).toBeTruthy()
    expect(within(job).getByText(/Adding 0 of 2 · about 2 min left/)).toBeTruthy()
    expect(within(job).getByRole('progressbar', { name: 'report.pdf progress' })).toBeTruthy()

    api.handlers['library.documents'] = () => [doc(1, { title: 'report', path: '/lib/imported/report.pdf' })]
    await act(async () =>
      api.emit('library.importDone', {
        jobId: 'j1',
        report: {
          cancelled: false,
          elapsedMs: 5,
          documents: [
            {
              file: '/lib/imported/report.pdf',
              status: 'indexed',
              pages: 3,
              chunks: 4,
              error: null,
              errorCode: null,
            },
            {
              file: '/lib/imported/locked.pdf',
              status: 'failed',
              pages: 0,
              chunks: 0,
              error: 'x',
              errorCode: 'PDF_ENCRYPTED',
            },
          ],
        },
      }),
    )
    expect(within(job).getByText('Password-protected')).toBeTruthy()
    // The remedy from the shared error table, not only the label.
    expect(
      within(job).getByText('Remove the password (or print it to a new PDF) and add it again.'),
    ).toBeTruthy()
    expect(within(job).getByText(/Import finished · 1 added · 1 could not be added/)).toBeTruthy()
    expect(within(job).getByRole('button', { name: 'Retry locked.pdf' })).toBeTruthy()
    expect(within(job).queryByRole('button', { name: 'Retry report.pdf' })).toBeNull()
    expect(await screen.findByRole('checkbox', { name: 'Search report.pdf' })).toBeTruthy()
  })

  it('shows each bad-input code in words with what to do, one row per skipped path', async () => {
    const { api } = await renderApp()
    const row = (file: string, errorCode: string) => ({
      file,
      status: 'failed' as const,
      pages: 0,
      chunks: 0,
      error: 'x',
      errorCode,
    })
    await act(async () =>
      api.emit('library.importDone', {
        jobId: 'j5',
        report: {
          cancelled: false,
          elapsedMs: 5,
          documents: [
            row('/d/locked', 'PERMISSION_DENIED'),
            row('/d/link.pdf', 'SKIPPED_SYMLINK'),
            row('/d/caf\uFFFD.pdf', 'FILE_NAME_NOT_UTF8'),
            row('/d/numbers.pdf', 'PDF_NO_WORDS'),
          ],
        },
      }),
    )
    const job = screen.getByRole('region', { name: 'Import progress' })
    expect(within(job).getByText('No permission to read it')).toBeTruthy()
    expect(within(job).getByText(/Fix its permissions/)).toBeTruthy()
    expect(within(job).getByText('Skipped: a link, not a file')).toBeTruthy()
    expect(within(job).getByText(/Add the file or folder the link points to directly/)).toBeTruthy()
    expect(within(job).getByText('File name is not valid UTF-8')).toBeTruthy()
    expect(within(job).getByText('No words, only numbers (page numbers?)')).toBeTruthy()
    expect(within(job).queryByText(/scanned\?\)/)).toBeNull()
  })

  it('cancels a running import', async () => {
    const user = userEvent.setup()
    const { api } = await renderApp({ 'library.cancelImport': () => ({}) })
    act(() =>
      api.emit('library.progress', {
        jobId: 'j9',
        progress: { stage: 'reading', file: '/a.pdf', done: 0, total: 1, filesDone: 0, filesTotal: 1 },
        etaSeconds: null,
      }),
    )
    await user.click(screen.getByRole('button', { name: 'Cancel import' }))
    expect(api.callsTo('library.cancelImport')).toEqual([{ jobId: 'j9' }])
  })

  it('counts scanned pages while they are read by OCR, page by page', async () => {
    const { api } = await renderApp()
    const ocr = (done: number) =>
      act(() =>
        api.emit('library.progress', {
          jobId: 'j7',
          progress: { stage: 'recognizing', file: '/scan.pdf', done, total: 3, filesDone: 0, filesTotal: 1 },
          etaSeconds: null,
        }),
      )
    ocr(0)
    const job = screen.getByRole('region', { name: 'Import progress' })
    const stage = within(job).getByText('OCR · page 0/3')
    expect(stage.getAttribute('title')).toBe('Reading scanned pages (OCR)')
    ocr(2)
    expect(within(job).getByText('OCR · page 2/3')).toBeTruthy()
    act(() =>
      api.emit('library.progress', {
        jobId: 'j7',
        progress: { stage: 'chunking', file: '/scan.pdf', done: 0, total: 1, filesDone: 0, filesTotal: 1 },
        etaSeconds: null,
      }),
    )
    expect(within(job).getByText('Splitting into passages')).toBeTruthy()
  })

  it('shows failed documents in plain words, removes after confirming, and scopes the search', async () => {
    const user = userEvent.setup()
    const { api, stores } = await renderApp({
      'library.documents': () => [
        doc(1, { title: 'Alpha', path: '/d/Alpha.pdf' }),
        doc(2, { title: 'Beta', path: '/d/Beta.pdf' }),
        doc(3, { title: 'Scan', path: '/d/Scan.pdf', status: 'failed', errorCode: 'PDF_NO_TEXT' }),
      ],
      'library.remove': () => ({}),
    })
    expect(screen.getByText('No text layer (scanned?)')).toBeTruthy()
    await user.click(screen.getByRole('checkbox', { name: 'Search Beta.pdf' }))
    expect(stores.library.getState().searchScope()).toEqual([1])
    expect(
      within(screen.getByRole('region', { name: 'Library' })).getByText(/Searching 1 of 2 documents/),
    ).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Remove Alpha.pdf' }))
    await user.click(screen.getByRole('button', { name: 'Confirm remove Alpha.pdf' }))
    expect(api.callsTo('library.remove')).toEqual([{ documentId: 1 }])
    expect(screen.queryByText('Alpha.pdf')).toBeNull()
    // Remove failed clears every failed document at once.
    await user.click(screen.getByRole('button', { name: 'Remove failed (1)' }))
    expect(api.callsTo('library.remove')).toEqual([{ documentId: 1 }, { documentId: 3 }])
  })

  it('gives every file of a browser batch its own row: cancelled, skipped, Retry and Remove failed', async () => {
    const user = userEvent.setup()
    let upload = 0
    const { api } = await renderApp({
      'library.upload': () => ({ jobId: `u${++upload}` }),
      'library.remove': () => ({}),
    })
    await user.upload(screen.getByLabelText('Choose documents'), [
      new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }),
      new File(['%PDF'], 'b.pdf', { type: 'application/pdf' }),
      new File(['%PDF'], 'c.pdf', { type: 'application/pdf' }),
      new File([''], 'x.pdf', { type: 'application/pdf' }),
    ])
    act(() =>
      api.emit('library.progress', {
        jobId: 'u1',
        progress: {
          stage: 'extracting',
          file: '/lib/imported/c.pdf',
          done: 0,
          total: 1,
          filesDone: 2,
          filesTotal: 4,
        },
        etaSeconds: null,
      }),
    )
    const failedDoc = doc(9, { path: '/lib/imported/b.pdf', status: 'failed', errorCode: 'PDF_CORRUPT' })
    const held = doc(4, { path: '/lib/imported/Q3/old.pdf', createdAt: '2026-11-12T10:00:00.000Z' })
    api.handlers['library.documents'] = () => [failedDoc, held]
    const row = (
      file: string,
      status: 'indexed' | 'failed' | 'skipped',
      errorCode: string | null,
      error: string | null = null,
    ) => ({
      file,
      status,
      pages: 0,
      chunks: 0,
      error,
      errorCode,
      ...(status === 'skipped' ? { existingDocumentId: 4 } : {}),
    })
    await act(async () =>
      api.emit('library.importDone', {
        jobId: 'u1',
        report: {
          cancelled: true,
          elapsedMs: 5,
          documents: [
            row('x.pdf', 'failed', 'PDF_EMPTY_FILE', 'x.pdf is empty (0 bytes).'),
            row(
              '/lib/imported/a.pdf',
              'skipped',
              null,
              'Same content as /lib/imported/old.pdf, already in the library.',
            ),
            row('/lib/imported/b.pdf', 'failed', 'PDF_CORRUPT', 'damaged'),
          ],
        },
      }),
    )
    const job = screen.getByRole('region', { name: 'Import progress' })
    expect(
      within(job).getByText(
        /Import cancelled · 0 added · 1 already in library · 2 could not be added · 1 cancelled/,
      ),
    ).toBeTruthy()
    // c.pdf was extracting when the cancel came: it says Cancelled, not "Extracting text".
    expect(within(job).queryByText('Extracting text')).toBeNull()
    expect(within(job).getByText('Cancelled')).toBeTruthy()
    expect(within(job).getByText('Empty file (0 bytes)')).toBeTruthy()
    // The library document it duplicates, by name, folder and date: not the copy's absolute path.
    const added = new Date('2026-11-12T10:00:00.000Z').toLocaleDateString([], {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    })
    expect(within(job).getByText(`Already in the library as “old.pdf” in Q3/, added ${added}.`)).toBeTruthy()
    expect(within(job).queryByText(/\/lib\/imported/)).toBeNull()

    // Retry sends the same file again, and its row (in this card) shows the new attempt.
    await user.click(within(job).getByRole('button', { name: 'Retry c.pdf' }))
    expect(api.callsTo('library.upload').at(-1)).toEqual({ files: [{ name: 'c.pdf', uploadId: 'u5' }] })
    expect(screen.getAllByRole('region', { name: 'Import progress' })).toHaveLength(1)
    act(() =>
      api.emit('library.progress', {
        jobId: 'u2',
        progress: {
          stage: 'extracting',
          file: '/lib/imported/c.pdf',
          done: 0,
          total: 1,
          filesDone: 0,
          filesTotal: 1,
        },
        etaSeconds: null,
      }),
    )
    expect(screen.getAllByRole('region', { name: 'Import progress' })).toHaveLength(1)
    expect(within(job).getAllByText('c.pdf')).toHaveLength(1)
    expect(within(job).getByText('Extracting text')).toBeTruthy()
    await act(async () =>
      api.emit('library.importDone', {
        jobId: 'u2',
        report: { cancelled: false, elapsedMs: 5, documents: [row('/lib/imported/c.pdf', 'indexed', null)] },
      }),
    )
    expect(
      within(job).getByText(/Import finished · 1 added · 1 already in library · 2 could not be added$/),
    ).toBeTruthy()
    expect(within(job).queryByRole('button', { name: 'Retry c.pdf' })).toBeNull()

    // Remove failed drops the failed rows and their failed documents (and so their copies).
    await user.click(within(job).getByRole('button', { name: 'Remove failed' }))
    expect(api.callsTo('library.remove')).toEqual([{ documentId: 9 }])
    expect(within(job).queryByText('b.pdf')).toBeNull()
    expect(within(job).queryByText('x.pdf')).toBeNull()
  })

  it('shows the newest import first, folds a finished one into its summary line, and offers no "Remove failed" after a cancel', async () => {
    const user = userEvent.setup()
    let upload = 0
    const { api } = await renderApp({ 'library.upload': () => ({ jobId: `u${++upload}` }) })
    const pdf = (name: string) => new File(['%PDF'], name, { type: 'application/pdf' })
    await user.upload(screen.getByLabelText('Choose documents'), [pdf('first.pdf')])
    await user.upload(screen.getByLabelText('Choose documents'), [pdf('second.pdf')])
    const cards = () => screen.getAllByRole('region', { name: 'Import progress' })
    expect(cards()).toHaveLength(2)
    expect(within(cards()[0]!).getByText('second.pdf')).toBeTruthy()
    expect(within(cards()[1]!).getByText('first.pdf')).toBeTruthy()

    const done = (jobId: string, file: string, cancelled: boolean) =>
      api.emit('library.importDone', {
        jobId,
        report: {
          cancelled,
          elapsedMs: 5,
          documents: cancelled
            ? []
            : [{ file, status: 'indexed' as const, pages: 1, chunks: 1, error: null, errorCode: null }],
        },
      })
    // A batch that ended well folds into one line; the line reopens it.
    await act(async () => done('u1', '/lib/imported/first.pdf', false))
    const first = cards()[1]!
    const summary = within(first).getByRole('button', { name: /Import finished · 1 added/ })
    expect(summary.getAttribute('aria-expanded')).toBe('false')
    expect(within(first).queryByText('first.pdf')).toBeNull()
    await user.click(summary)
    expect(within(first).getByText('first.pdf')).toBeTruthy()

    // Cancelled before anything failed: Retry on the row, no "Remove failed".
    await act(async () => done('u2', '/lib/imported/second.pdf', true))
    const second = cards()[0]!
    await user.click(within(second).getByRole('button', { name: /Import cancelled · 0 added · 1 cancelled/ }))
    expect(within(second).getByRole('button', { name: 'Retry second.pdf' })).toBeTruthy()
    expect(within(second).queryByRole('button', { name: 'Remove failed' })).toBeNull()
  })

  it('is one Tab stop; arrow keys move between documents and along a row’s actions', async () => {
    const user = userEvent.setup()
    await renderApp({
      'library.documents': () => [
        doc(1, { path: '/w/atlas.pdf', title: 'atlas' }),
        doc(2, { path: '/w/budget.pdf', title: 'budget', status: 'failed', errorCode: 'PDF_CORRUPT' }),
      ],
    })
    const lib = screen.getByRole('region', { name: 'Library' })
    const list = lib.querySelector('.doc-list')!
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(2))
    const tabStops = () =>
      [...list.querySelectorAll<HTMLElement>('input, button')].filter((el) => el.tabIndex >= 0)
    expect(tabStops()).toHaveLength(1)
    const atlas = within(lib).getByRole('button', { name: /^atlas\.pdf/ })
    expect(tabStops()[0]).toBe(atlas)
    atlas.focus()
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(within(lib).getByRole('button', { name: 'Summarize atlas.pdf' }))
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(within(lib).getByRole('button', { name: 'Remove atlas.pdf' }))
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}')
    expect(document.activeElement).toBe(within(lib).getByRole('checkbox', { name: 'Search atlas.pdf' }))
    await user.keyboard('{ArrowRight}{ArrowDown}')
    // A failed document's row is reachable too (its name cannot open it, but takes the focus).
    const budget = within(lib).getByRole('button', { name: /^budget\.pdf/ })
    expect(document.activeElement).toBe(budget)
    expect(tabStops()).toEqual([budget])
    await user.keyboard('{ArrowRight}{Enter}')
    expect(within(lib).getByRole('button', { name: 'Confirm remove budget.pdf' })).toBeTruthy()
  })

  it('Summarize asks for the document’s summary in the conversation, showing its progress', async () => {
    const user = userEvent.setup()
    const { api } = await renderApp({
      'library.documents': () => [doc(1, { path: '/w/atlas.pdf', title: 'atlas' })],
      'chat.ask': () => ({ requestId: 'r1', conversationId: 4 }),
    })
    const lib = screen.getByRole('region', { name: 'Library' })
    await user.click(await within(lib).findByRole('button', { name: 'Summarize atlas.pdf' }))
    await waitFor(() =>
      expect(api.callsTo('chat.ask')).toEqual([
        expect.objectContaining({ question: 'Summarize atlas.pdf', summarizeDocumentId: 1 }),
      ]),
    )
    expect(screen.getByRole('article', { name: 'Question' }).textContent).toContain('Summarize atlas.pdf')
    act(() =>
      api.emit('chat.event', {
        requestId: 'r1',
        event: { type: 'summary-progress', stage: 'sections', done: 2, total: 9 },
      }),
    )
    await screen.findByText(/Summarising section 3 of 9…/)
    // One answer at a time: no second summary while this one is written.
    expect(within(lib).queryByRole('button', { name: 'Summarize atlas.pdf' })).toBeNull()
  })

  it('lists file names with the title and folder when they help; filters and sorts', async () => {
    const user = userEvent.setup()
    await renderApp({
      'library.documents': () => [
        doc(1, { path: '/w/Q3/report.pdf', title: 'Quarterly results', pages: 12, createdAt: '2024-03-01' }),
        doc(2, { path: '/w/Q4/report.pdf', title: 'report', pages: 2, createdAt: '2024-04-01' }),
        doc(3, { path: '/w/atlas.pdf', title: 'atlas', pages: 30, createdAt: '2024-01-01' }),
      ],
    })
    const lib = screen.getByRole('region', { name: 'Library' })
    const names = () =>
      within(lib)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-label'))
    expect(names()).toEqual(['Search atlas.pdf', 'Search report.pdf — Q3/', 'Search report.pdf — Q4/'])
    expect(within(lib).getByText('Quarterly results')).toBeTruthy()
    expect(within(lib).queryByText('atlas')).toBeNull()
    await user.selectOptions(within(lib).getByRole('combobox', { name: 'Sort documents' }), 'pages')
    expect(names()).toEqual(['Search atlas.pdf', 'Search report.pdf — Q3/', 'Search report.pdf — Q4/'])
    await user.selectOptions(within(lib).getByRole('combobox', { name: 'Sort documents' }), 'added')
    expect(names()).toEqual(['Search report.pdf — Q4/', 'Search report.pdf — Q3/', 'Search atlas.pdf'])
    await user.type(within(lib).getByRole('searchbox', { name: 'Filter documents' }), 'quarterly')
    expect(names()).toEqual(['Search report.pdf — Q3/'])
    // Browser mode: no "Show in folder".
    expect(within(lib).queryByRole('button', { name: /in folder/ })).toBeNull()
  })

  it('explains keyword-only mode in the library panel and offers Show in folder on desktop', async () => {
    const user = userEvent.setup()
    const { api } = await renderApp({
      'app.info': () => ({ version: '1', shell: 'desktop', libraryDir: '/lib', firstRun: false }),
      'library.documents': () => [doc(1, { path: '/w/atlas.pdf' })],
      'library.status': () => ({
        embedding: { mode: 'keyword', model: null, modelDir: null, reason: 'No model.' },
        libraryDir: '/lib',
        documents: 1,
        chunks: 3,
      }),
      'library.showInFolder': () => ({}),
    })
    const lib = screen.getByRole('region', { name: 'Library' })
    expect(within(lib).getByRole('note').textContent).toMatch(
      /Keyword-only search\..*phrased differently can be missed/,
    )
    await user.click(within(lib).getByRole('button', { name: 'Show atlas.pdf in folder' }))
    expect(api.callsTo('library.showInFolder')).toEqual([{ documentId: 1 }])
    await user.click(within(lib).getByRole('button', { name: /Import model folder/ }))
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy()
  })

  it("shows how many pages were OCR'd and flags low-confidence and blank scanned pages", async () => {
    await renderApp({
      'library.documents': () => [
        doc(1, { title: 'Letters', pages: 9, ocrPages: 4, lowConfidencePages: [7], blankPages: [9] }),
        doc(2, { title: 'Fax', pages: 2, ocrPages: 2 }),
      ],
    })
    expect(screen.getByText('PDF, 9 pages, 4 by OCR')).toBeTruthy()
    expect(screen.getByText('page 7: low OCR confidence; page 9: no text found (blank page?)')).toBeTruthy()
    expect(screen.getByText('PDF, 2 pages, scanned, read by OCR')).toBeTruthy()
  })

  it('says which documents an older version indexed and re-indexes them as one import', async () => {
    const user = userEvent.setup()
    const { api } = await renderApp({
      'library.documents': () => [
        doc(1, { title: 'Letters', path: '/docs/letters.pdf', pages: 9, ocrPages: 4, outdated: true }),
        doc(2, { title: 'Manual', path: '/docs/manual.pdf', pages: 3, outdated: true }),
        doc(3, { title: 'Notes', pages: 2 }),
      ],
      'library.reindexOutdated': () => ({ jobId: `r${api.callsTo('library.reindexOutdated').length}` }),
    })
    const note = screen.getByRole('note', { name: 'Documents to re-index' })
    expect(note.textContent).toContain(
      '2 documents were indexed by an older version of Quire. Re-index them so that search reads them as this version does (4 scanned pages are read again with OCR, which takes a while).',
    )
    expect(screen.getByText('PDF, 9 pages, 4 by OCR, indexed by an older version')).toBeTruthy()
    expect(screen.getByText('PDF, 2 pages')).toBeTruthy()

    await user.click(within(note).getByRole('button', { name: 'Re-index now' }))
    expect(api.callsTo('library.reindexOutdated')).toEqual([{}])
    const job = screen.getByRole('region', { name: 'Import progress' })
    expect(within(job).getByText('letters.pdf')).toBeTruthy()
    expect(within(job).getByText('manual.pdf')).toBeTruthy()
    // While the job runs the note is gone: its documents are on their way.
    expect(screen.queryByText(/indexed by an older version of Quire/)).toBeNull()

    // One file was moved away since: the row says so, and that its older index stays.
    api.handlers['library.documents'] = () => [
      doc(1, { title: 'Letters', path: '/docs/letters.pdf', pages: 9, ocrPages: 4 }),
      doc(2, { title: 'Manual', path: '/docs/manual.pdf', pages: 3, outdated: true }),
      doc(3, { title: 'Notes', pages: 2 }),
    ]
    await act(async () =>
      api.emit('library.importDone', {
        jobId: 'r1',
        report: {
          cancelled: false,
          elapsedMs: 5,
          documents: [
            {
              file: '/docs/letters.pdf',
              status: 'indexed',
              pages: 9,
              chunks: 20,
              error: null,
              errorCode: null,
              reindex: true,
            },
            {
              file: '/docs/manual.pdf',
              status: 'failed',
              pages: 0,
              chunks: 0,
              error: 'File not found: /docs/manual.pdf',
              errorCode: 'FILE_NOT_FOUND',
              reindex: true,
            },
          ],
        },
      }),
    )
    expect(within(job).getByRole('status').textContent).toBe(
      'Import finished · 1 re-indexed · 1 could not be re-indexed',
    )
    expect(within(job).getByText('Re-indexed')).toBeTruthy()
    expect(within(job).getByText('File not found')).toBeTruthy()
    expect(within(job).getByText(KEPT_OLDER_INDEX)).toBeTruthy()
    expect(screen.getByText('PDF, 3 pages, indexed by an older version')).toBeTruthy()
    // Nothing to remove: the failed re-index left the document as it was.
    expect(within(job).queryByRole('button', { name: 'Remove failed' })).toBeNull()

    // Retry re-indexes again (the desktop shell takes no path from the window for these files).
    await user.click(within(job).getByRole('button', { name: 'Retry manual.pdf' }))
    expect(api.callsTo('library.reindexOutdated')).toHaveLength(2)
    expect(api.callsTo('library.import')).toEqual([])
  })

  it('shows the background vector rebuild with its progress until it ends', async () => {
    let calls = 0
    await renderApp({
      'library.status': () => ({
        embedding: { mode: 'hybrid', model: 'all-MiniLM-L6-v2', modelDir: '/m', reason: null },
        libraryDir: '/lib',
        documents: 1,
        chunks: 3000,
        vectorRebuild: calls++ === 0 ? { done: 1024, total: 3000 } : null,
      }),
    })
    const lib = screen.getByRole('region', { name: 'Library' })
    expect(within(lib).getByRole('status').textContent).toMatch(
      /Rebuilding the meaning-search index: 1,024 of 3,000 passages\. Questions use keyword search/,
    )
    await waitFor(() => expect(within(lib).queryByText(/Rebuilding the meaning-search index/)).toBeNull(), {
      timeout: 3000,
    })
  })
})
