import { describe, expect, it } from 'vitest'
import type { Citation } from '@shared/chat-types.js'
import { answerPlainText, markdownToPlainText, passagePlainText } from './answer-plain-text.js'

const source = (n: number, pages: number[]): Citation => ({
  n,
  chunkId: n,
  documentId: 1,
  file: `/lib/report-${n}.pdf`,
  title: `Report ${n}`,
  pages,
  text: `  Passage ${n}. `,
})

describe('answer plain text', () => {
  it('drops Markdown marks but keeps [n], list bullets, table cells and code', () => {
    expect(
      markdownToPlainText(
        '## Summary\n\n**Tides** rise [1].\n\n1. high\n2. low [2]\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\nx = [3]\n```',
      ),
    ).toBe('Summary\n\nTides rise [1].\n\n1. high\n2. low [2]\n\na\tb\n1\t2\n\nx = [3]')
  })

  it('appends the cited sources only, in number order', () => {
    const text = answerPlainText('A [2]. B [1].', [source(1, [4]), source(2, [5, 6]), source(3, [1])])
    expect(text).toBe(
      'A [2]. B [1].\n\nSources\n[1] Report 1 (report-1.pdf), p. 4\n[2] Report 2 (report-2.pdf), pp. 5–6\n',
    )
  })

  it('quotes a single passage with its place', () => {
    expect(passagePlainText(source(3, [1]))).toBe('“Passage 3.”\n— Report 3 (report-3.pdf), p. 1\n')
  })
})
