import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { DocumentText, TextBlock, TextSection } from '@shared/document-text.js'
import { createAppStores, StoresContext, type AppStores } from '@renderer/stores/app-stores.js'
import type { ViewerTarget } from '@renderer/stores/viewer-store.js'
import { createFakeApi, FakeError, type FakeApi } from '@renderer/test/fake-api.js'
import { opensInReader, Viewer } from './Viewer.js'

/** A section built from [kind, text, level?] blocks joined by newlines, as the library stores them. */
function section(
  n: number,
  title: string | null,
  parts: [TextBlock['kind'], string, number?][],
): TextSection {
  let text = ''
  const blocks: TextBlock[] = []
  for (const [kind, t, level] of parts) {
    if (text) text += '\n'
    blocks.push({ start: text.length, end: text.length + t.length, kind, ...(level ? { level } : {}) })
    text += t
  }
  return { n, title, text, blocks }
}

const memo = section(1, null, [
  ['heading', 'Remotes', 1],
  ['heading', 'Fetching', 2],
  ['paragraph', 'Fetching downloads objects. It never changes your work. The tide is a distraction.'],
  ['list-item', 'git fetch origin', 1],
  ['list-item', 'git fetch --all', 2],
  ['code', 'git fetch origin\ngit merge origin/main'],
  ['table-row', 'Command | Effect'],
  ['table-row', 'fetch | downloads'],
  ['quote', 'Fetch early, fetch often.'],
  ['footnote', '1. Remotes are other copies of the repository.'],
  ['note', 'Reviewer: check the wording.'],
  ['paragraph', '<script>alert(1)</script> and <a href="https://example.com">a link</a> stay text.'],
])

function documentText(over: Partial<DocumentText> = {}): DocumentText {
  return { documentId: 5, title: 'Guide', sections: [memo], passage: null, ...over }
}

function setup(text: DocumentText | (() => DocumentText), target: Partial<ViewerTarget> = {}) {
  const api: FakeApi = createFakeApi({
    'library.documentText': () => (typeof text === 'function' ? text() : text),
  })
  const stores: AppStores = createAppStores(api)
  render(
    <StoresContext.Provider value={stores}>
      <Viewer />
    </StoresContext.Provider>,
  )
  act(() =>
    stores.viewer.getState().openAt({
      documentId: 5,
      title: 'guide.docx',
      file: '/docs/guide.docx',
      page: 1,
      passage: null,
      passagePages: [],
      citationN: null,
      ...target,
    }),
  )
  return { api, stores }
}

describe('reader view', () => {
  it('renders every kind of block from the stored structure, as text only', async () => {
    setup(documentText())
    const view = await screen.findByRole('complementary', { name: 'Reader view' })
    await within(view).findByRole('heading', { name: 'Remotes' })
    expect(within(view).getByRole('heading', { name: 'Remotes' }).tagName).toBe('H4')
    expect(within(view).getByRole('heading', { name: 'Fetching' }).tagName).toBe('H5')
    expect(within(view).getByText(/Fetching downloads objects/).tagName).toBe('P')
    const items = within(view).getAllByRole('listitem')
    expect(items.map((li) => [li.textContent, li.className])).toEqual([
      ['git fetch origin', 'reader-depth-1'],
      ['git fetch --all', 'reader-depth-2'],
    ])
    expect(view.querySelector('pre code')!.textContent).toBe('git fetch origin\ngit merge origin/main')
    const rows = within(view).getAllByRole('row')
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Command', 'Effect'],
      ['fetch', 'downloads'],
    ])
    expect(view.querySelector('blockquote')!.textContent).toBe('Fetch early, fetch often.')
    expect(view.querySelector('.reader-footnote')!.textContent).toBe(
      '1. Remotes are other copies of the repository.',
    )
    expect(view.querySelector('aside.reader-note')!.textContent).toBe('Note Reviewer: check the wording.')
    // Markup in a document is its text: nothing runs, nothing links.
    expect(within(view).getByText(/<script>alert\(1\)<\/script> and <a href=/)).toBeTruthy()
    expect(view.querySelector('script, a, iframe, img')).toBeNull()
  })

  it('opens at the cited section, marks the claim strongly and the passage faintly, and shows the locator', async () => {
    const slides = [
      section(1, 'Slide 1', [['paragraph', 'Welcome to the quarterly review.']]),
      section(2, 'Slide 2', [
        ['heading', 'Outlook', 1],
        ['paragraph', 'Revenue grows next year. Costs stay flat. Hiring pauses.'],
      ]),
    ]
    const at = slides[1]!.text.indexOf('Revenue')
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView')
    const { api, stores } = setup(
      documentText({
        sections: slides,
        passage: {
          spans: [{ page: 2, start: at, end: slides[1]!.text.length }],
          locator: 'Slide 2 > Outlook',
        },
      }),
      {
        passage: 'Revenue grows next year. Costs stay flat. Hiring pauses.',
        focus: ['Costs stay flat.'],
        citationN: 3,
        chunkId: 41,
      },
    )
    const view = await screen.findByRole('complementary', { name: 'Reader view' })
    expect(api.callsTo('library.documentText')).toEqual([{ documentId: 5, chunkId: 41 }])
    await within(view).findByText('Slide 2', { selector: 'h3' })
    expect(within(view).getByText('Slide 2 > Outlook', { selector: '.reader-locator' })).toBeTruthy()
    expect(within(view).getByRole('status').textContent).toBe('Source 3 is highlighted at Slide 2 > Outlook.')
    const strong = view.querySelectorAll('mark.mark-focus')
    expect([...strong].map((m) => m.textContent)).toEqual(['Costs stay flat.'])
    // Scrolled to the claim.
    expect(scrolled.mock.contexts).toContain(strong[0])
    scrolled.mockRestore()
    const faint = view.querySelectorAll('mark.mark-passage.is-faint:not(.mark-focus)')
    expect([...faint].map((m) => m.textContent)).toEqual(['Revenue grows next year. ', ' Hiring pauses.'])
    expect(within(view).getByText(/Slide 2/, { selector: '.reader-section-name' }).textContent).toBe(
      'Slide 2 (2 of 2)',
    )
    // Another section starts at its top.
    let top = 480
    Object.defineProperty(view.querySelector('.reader-scroll')!, 'scrollTop', {
      get: () => top,
      set: (v: number) => void (top = v),
    })
    fireEvent.click(within(view).getByRole('button', { name: 'Previous section' }))
    await within(view).findByText('Slide 1', { selector: 'h3' })
    expect(view.querySelector('mark')).toBeNull()
    expect(top).toBe(0)
    // Opening the same citation again goes back to its passage.
    act(() => stores.viewer.getState().openAt({ ...stores.viewer.getState().target!, page: 1 }))
    await within(view).findByText('Slide 2', { selector: 'h3' })
    expect(view.querySelectorAll('mark.mark-focus')).toHaveLength(1)
  })

  it('marks the passage whole when no sentence carries the claim, and falls back to the stored span', async () => {
    const s = section(1, null, [['paragraph', 'Alpha beta gamma. Delta epsilon.']])
    setup(
      documentText({ sections: [s], passage: { spans: [{ page: 1, start: 18, end: 32 }], locator: '¶ 1' } }),
      // The passage text differs from the stored text (cut differently): the span places it.
      { passage: 'a passage that is not in the stored text at all', citationN: 1, chunkId: 2 },
    )
    const view = await screen.findByRole('complementary', { name: 'Reader view' })
    const marks = await within(view).findAllByText('Delta epsilon.', { selector: 'mark' })
    expect(marks[0]!.className).toBe('reader-mark mark-passage')
  })

  it('finds across the whole document: n of m, next and previous from section to section', async () => {
    const sections = [
      section(1, 'Chapter 1: Start', [['paragraph', 'The tide rises. The tide falls.']]),
      section(2, 'Chapter 2: Sea', [['paragraph', 'No match here.']]),
      section(3, 'Chapter 3: Shore', [['paragraph', 'A TIDE pool.']]),
    ]
    setup(documentText({ sections }))
    const view = await screen.findByRole('complementary', { name: 'Reader view' })
    await within(view).findByText('Chapter 1: Start', { selector: 'h3' })
    const find = within(view).getByRole('searchbox', { name: 'Find in document' })
    fireEvent.change(find, { target: { value: 'tide' } })
    const status = () => within(view).getByText(/ of |Not found/, { selector: '.find-status' }).textContent
    expect(status()).toBe('1 of 3')
    expect([...view.querySelectorAll('mark.mark-find')].map((m) => m.className)).toEqual([
      'reader-mark mark-find is-active',
      'reader-mark mark-find',
    ])
    fireEvent.keyDown(find, { key: 'Enter' })
    expect(status()).toBe('2 of 3')
    fireEvent.keyDown(find, { key: 'Enter' })
    expect(status()).toBe('3 of 3')
    await within(view).findByText('Chapter 3: Shore', { selector: 'h3' })
    expect(view.querySelector('mark.mark-find.is-active')!.textContent).toBe('TIDE')
    fireEvent.keyDown(find, { key: 'Enter' })
    expect(status()).toBe('1 of 3')
    await within(view).findByText('Chapter 1: Start', { selector: 'h3' })
    fireEvent.keyDown(find, { key: 'Enter', shiftKey: true })
    expect(status()).toBe('3 of 3')
    fireEvent.click(within(view).getByRole('button', { name: 'Previous match' }))
    expect(status()).toBe('2 of 3')
    fireEvent.change(find, { target: { value: 'nowhere' } })
    expect(status()).toBe('Not found')
    expect(view.querySelector('mark')).toBeNull()
  })

  it('says what went wrong when the document cannot be read', async () => {
    setup(() => {
      throw new FakeError('DOCUMENT_NOT_FOUND', 'There is no document 5 in this library.')
    })
    expect((await screen.findByRole('alert')).textContent).toBe('There is no document 5 in this library.')
  })

  it('opens documents without pages in the reader and PDFs and scans as pages', () => {
    expect(opensInReader('docx', undefined)).toBe(true)
    expect(opensInReader('pptx', '/x.pdf')).toBe(true)
    expect(opensInReader('pdf', undefined)).toBe(false)
    expect(opensInReader('image', undefined)).toBe(false)
    expect(opensInReader(undefined, '/notes/memo.md')).toBe(true)
    expect(opensInReader(undefined, '/scans/page.png')).toBe(false)
    expect(opensInReader(undefined, undefined)).toBe(false)
  })
})
