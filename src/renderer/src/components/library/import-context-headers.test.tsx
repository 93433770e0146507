// The import card says what contextual chunk headers did after the import (Settings › Search):
// how many were written with how many model calls, and why the model stopped when it did.
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@renderer/test/render-app.js'
import type { IngestReport } from '@shared/library-types.js'

async function finishedImport(contextHeaders: IngestReport['contextHeaders']) {
  const user = userEvent.setup()
  const { api } = await renderApp({ 'library.upload': () => ({ jobId: 'j1' }) })
  await user.upload(screen.getByLabelText('Choose documents'), [
    new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }),
  ])
  const report: IngestReport = {
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
    ],
    ...(contextHeaders ? { contextHeaders } : {}),
  }
  await act(async () => api.emit('library.importDone', { jobId: 'j1', report }))
  return screen.getByRole('region', { name: 'Import progress' })
}

describe('an import with contextual chunk headers', () => {
  it('says how many headers the model wrote and with how many calls', async () => {
    const job = await finishedImport({ written: 4, modelCalls: 4, remaining: 0, problem: null })
    expect(
      within(job).getByText(/Import finished · 1 added · 4 context headers \(4 model calls\)$/),
    ).toBeTruthy()
  })

  it('says why the model stopped and that the rest follow at the next import', async () => {
    const job = await finishedImport({
      written: 1,
      modelCalls: 2,
      remaining: 3,
      problem: 'Ollama is not running.',
    })
    expect(
      within(job).getByText(
        /· 1 context header \(2 model calls\); 3 left for the next import: Ollama is not running\.$/,
      ),
    ).toBeTruthy()
  })

  it('says nothing of headers when they are off', async () => {
    const job = await finishedImport(undefined)
    expect(within(job).getByText(/Import finished · 1 added$/)).toBeTruthy()
  })
})
