import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createAppStores, StoresContext } from '@renderer/stores/app-stores.js'
import type { ViewerTarget } from '@renderer/stores/viewer-store.js'
import { createFakeApi } from '@renderer/test/fake-api.js'
import { PdfViewer } from './PdfViewer.js'

// pdf.js needs a real canvas: a document of three pages whose pages never render here. Find works
// on the stored page text (library.page), which is what this test drives.
vi.mock('@renderer/components/viewer/pdf-loader.js', () => ({
  openPdf: async () => ({
    doc: { numPages: 3, getPageLabels: async () => null, getPage: () => new Promise(() => {}) },
    close: async () => {},
  }),
  loadPdfjs: () => new Promise(() => {}),
}))

const PAGES = ['The tide table.', 'No match here.', 'Spring tide and neap tide.']

/** Renders the viewer over the (mocked, three-page) PDF whose stored page texts are `texts`, opened at `at`. */
async function openViewer(texts: string[], at: ViewerTarget) {
  const api = createFakeApi({
    'library.pdfUrl': () => ({ url: `quire-pdf://document/${at.documentId}` }),
    'library.page': ({ pageNo }) => ({
      documentId: at.documentId,
      pageNo,
      text: texts[pageNo - 1]!,
      items: [],
      width: 612,
      height: 792,
    }),
  })
  const stores = createAppStores(api)
  render(
    <StoresContext.Provider value={stores}>
      <PdfViewer />
    </StoresContext.Provider>,
  )
  act(() => stores.viewer.getState().openAt(at))
  await waitFor(() => expect(stores.viewer.getState().pageCount).toBe(3))
  return stores
}

describe('find in the PDF viewer', () => {
  it('searches the whole document: "n of m" across pages, Enter and Shift+Enter jump pages', async () => {
    const stores = await openViewer(PAGES, {
      documentId: 5,
      title: 'tides.pdf',
      page: 2,
      passage: null,
      passagePages: [],
      citationN: null,
    })
    const view = screen.getByRole('complementary', { name: 'PDF viewer' })
    const box = within(view).getByRole('searchbox', { name: 'Find in document' })
    fireEvent.change(box, { target: { value: 'tide' } })
    // Three matches in the document; the current one is the first after the page shown (page 2).
    await waitFor(() => expect(within(view).getByRole('status').textContent).toBe('2 of 3'))
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(within(view).getByRole('status').textContent).toBe('3 of 3')
    expect(stores.viewer.getState().target!.page).toBe(3)
    // Round the end to the first page's match, and back with Shift+Enter.
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(within(view).getByRole('status').textContent).toBe('1 of 3')
    expect(stores.viewer.getState().target!.page).toBe(1)
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true })
    expect(within(view).getByRole('status').textContent).toBe('3 of 3')
    expect(stores.viewer.getState().target!.page).toBe(3)
    // The same previous/next buttons as the reader view's Find (FindBox).
    fireEvent.click(within(view).getByRole('button', { name: 'Next match' }))
    expect(within(view).getByRole('status').textContent).toBe('1 of 3')
    fireEvent.click(within(view).getByRole('button', { name: 'Previous match' }))
    expect(within(view).getByRole('status').textContent).toBe('3 of 3')
    fireEvent.change(box, { target: { value: 'ebb' } })
    await waitFor(() => expect(within(view).getByRole('status').textContent).toBe('Not found'))
  })
})

describe('a citation whose passage runs over two pages', () => {
  const TEXTS = [
    'Mooring fees are charged by the night. Visiting boats report to the harbour office on arrival, where the staff take their details',
    'and the length of their stay. The harbour master assigns the moorings each morning. Boats over twelve metres use the outer pontoon.',
    'Fuel is sold at the north quay.',
  ]
  const PASSAGE =
    'Visiting boats report to the harbour office on arrival, where the staff take their details and the length of their stay. The harbour master assigns the moorings each morning.'

  function openCitation(focus: string[]) {
    return openViewer(TEXTS, {
      documentId: 7,
      title: 'harbour.pdf',
      page: 1,
      passage: PASSAGE,
      passagePages: [1, 2],
      focus,
      citationN: 1,
    })
  }

  it('opens at the page holding the strongly marked sentence', async () => {
    const stores = await openCitation(['The harbour master assigns the moorings each morning.'])
    await waitFor(() => expect(stores.viewer.getState().target!.page).toBe(2))
  })
})
