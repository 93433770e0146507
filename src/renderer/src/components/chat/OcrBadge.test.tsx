import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Citation } from '@shared/chat-types.js'
import { AnswerText } from './AnswerText.js'
import { SourcesList } from './SourcesList.js'

const scanned: Citation = {
  n: 1,
  chunkId: 11,
  documentId: 1,
  file: '/lib/lease.pdf',
  title: 'Lease',
  pages: [3],
  text: 'The lease runs until 2031.',
  ocr: true,
}
const typed: Citation = {
  ...scanned,
  n: 2,
  chunkId: 12,
  file: '/lib/memo.pdf',
  title: 'Memo',
  ocr: undefined,
}

describe('OCR badge on citations', () => {
  it('marks the chip of a scanned page as OCR text, and only that chip; the chip still opens the page', async () => {
    const onOpen = vi.fn()
    render(
      <AnswerText text="Until 2031 [1], says the memo [2]." sources={[scanned, typed]} onOpen={onOpen} />,
    )
    const chip = screen.getByRole('button', { name: 'Source 1: Lease, p. 3 (scanned page, OCR text)' })
    expect(within(chip).getByText('OCR').className).toBe('ocr-badge')
    const plain = screen.getByRole('button', { name: 'Source 2: Memo, p. 3' })
    expect(within(plain).queryByText('OCR')).toBeNull()
    await userEvent.click(chip)
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ n: 1, ocr: true }))
  })

  it('marks the scanned source in the sources list with a warning to check figures', () => {
    render(<SourcesList sources={[scanned, typed]} cited={new Set([1, 2])} onOpen={vi.fn()} />)
    const first = screen.getByRole('button', { name: 'Open source 1' })
    expect(within(first).getByText('OCR').getAttribute('title')).toMatch(/scanned page: check figures/)
    expect(within(screen.getByRole('button', { name: 'Open source 2' })).queryByText('OCR')).toBeNull()
  })
})
