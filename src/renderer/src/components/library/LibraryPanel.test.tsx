import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@renderer/test/render-app.js'
import { doc } from '@renderer/test/fake-api.js'

describe('library panel', () => {
  it('uploads picked files, shows each file stage with a batch ETA, then errors in plain words', async () => {
    const user = userEvent.setup()
    const { api } = await renderApp({ 'library.upload': () => ({ jobId: 'j1' }) })
    const input = screen.getByLabelText('Choose PDF files')
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

    api.handlers['library.documents'] = () => [doc(1, { title: 'report' })]
    await act(async () =>
      api.emit('library.importDone', {
        jobId: 'j1',
        report: {
          cancelled: false,
          elapsed_ms: 5,
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
    expect(within(job).getByText(/Import finished · 1 added · 1 could not be added/)).toBeTruthy()
    expect(await screen.findByRole('checkbox', { name: 'Search report' })).toBeTruthy()
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

  it('shows failed documents in plain words, removes after confirming, and scopes the search', async () => {
    const user = userEvent.setup()
    const { api, stores } = await renderApp({
      'library.documents': () => [
        doc(1, { title: 'Alpha' }),
        doc(2, { title: 'Beta' }),
        doc(3, { title: 'Scan', status: 'failed', errorCode: 'PDF_NO_TEXT' }),
      ],
      'library.remove': () => ({}),
    })
    expect(screen.getByText('No text layer (scanned?)')).toBeTruthy()
    await user.click(screen.getByRole('checkbox', { name: 'Search Beta' }))
    expect(stores.library.getState().searchScope()).toEqual([1])
    expect(
      within(screen.getByRole('region', { name: 'Library' })).getByText(/Searching 1 of 2 documents/),
    ).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Remove Alpha' }))
    await user.click(screen.getByRole('button', { name: 'Confirm remove Alpha' }))
    expect(api.callsTo('library.remove')).toEqual([{ documentId: 1 }])
    expect(screen.queryByText('Alpha')).toBeNull()
  })
})
