import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Citation } from '@shared/chat-types.js'
import { AnswerText } from './AnswerText.js'

const source = (n: number): Citation => ({
  n,
  chunkId: n,
  documentId: 1,
  file: '/lib/alpha.pdf',
  title: 'Alpha',
  pages: [n + 1],
  text: `Passage ${n}.`,
})

function show(text: string, onOpen = vi.fn()) {
  const { container } = render(<AnswerText text={text} sources={[source(1), source(2)]} onOpen={onOpen} />)
  return { container, onOpen }
}

describe('answer text', () => {
  it('renders Markdown emphasis, lists and tables instead of showing the marks', () => {
    const { container } = show(
      '**Tides** rise *twice* a day [1].\n\n- high water [1]\n- low water [2]\n\n| Tide | Hours |\n| --- | --- |\n| high | 6 [2] |',
    )
    expect(container.querySelector('strong')?.textContent).toBe('Tides')
    expect(container.querySelector('em')?.textContent).toBe('twice')
    expect(container.querySelectorAll('li')).toHaveLength(2)
    const table = screen.getByRole('table')
    expect(within(table).getByRole('columnheader', { name: 'Hours' })).toBeTruthy()
    // Chips sit inside the rendered text: in the paragraph, in list items and in table cells.
    expect(within(table).getByRole('button', { name: 'Source 2: Alpha, p. 3' })).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Source 1: Alpha, p. 2' })).toHaveLength(2)
    expect(container.textContent).not.toMatch(/\*\*|\|/)
  })

  it('keeps markers literal inside code and renders fenced code as a block', () => {
    const { container } = show('Use `arr[1]` here [1].\n\n```js\nconst x = a[2]\n```')
    expect(container.querySelector('pre code')?.textContent).toBe('const x = a[2]\n')
    expect(container.querySelector('p code')?.textContent).toBe('arr[1]')
    expect(screen.getAllByRole('button', { name: /^Source/ })).toHaveLength(1)
  })

  it('draws a chip for every marker form the engine accepts ([1-2], [Source 2], [1; 2])', () => {
    const { container } = show('Ranges [1-2]. Named [Source 2]. Listed [1; 2].')
    expect(screen.getAllByRole('button', { name: 'Source 1: Alpha, p. 2' })).toHaveLength(2)
    expect(screen.getAllByRole('button', { name: 'Source 2: Alpha, p. 3' })).toHaveLength(3)
    expect(container.textContent).not.toMatch(/\[|Source 2\]/)
  })

  it('opens the cited page from a chip and shows a number without a passage plainly', async () => {
    const { onOpen } = show('Claim [2][7].')
    await userEvent.click(screen.getByRole('button', { name: 'Source 2: Alpha, p. 3' }))
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ n: 2 }))
    expect(screen.getByTitle('No passage with this number').textContent).toBe('7')
  })

  it('never renders raw HTML and opens a link only after confirmation', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    const { container } = show(
      'See <b>bold</b><script>alert(1)</script> [the site](https://example.org/x) or [this](javascript:alert(1)).',
    )
    expect(container.querySelector('b, script')).toBeNull()
    expect(container.querySelector('a')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'the site' }))
    const ask = screen.getByRole('group', { name: 'Open link?' })
    expect(ask.textContent).toContain('https://example.org/x')
    expect(open).not.toHaveBeenCalled()
    await userEvent.click(within(ask).getByRole('button', { name: 'Open' }))
    expect(open).toHaveBeenCalledWith('https://example.org/x', '_blank', 'noopener,noreferrer')
    // A script address is shown as text, never as something to click.
    expect(screen.queryByRole('button', { name: 'this' })).toBeNull()
    expect(screen.getByText('this')).toBeTruthy()
    open.mockRestore()
  })
})
