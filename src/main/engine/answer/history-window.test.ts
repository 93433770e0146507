import { describe, expect, it } from 'vitest'
import type { Message } from '@shared/chat-types.js'
import { earlierQuestions, historyWindow } from './history-window.js'

let id = 0
const msg = (role: Message['role'], text: string): Message => ({
  id: ++id,
  conversationId: 1,
  role,
  text,
  citations: [],
  sources: [],
  replyTo: null,
  ollama: null,
  trace: null,
  model: null,
  mode: null,
  status: 'complete',
  declined: false,
  timings: null,
  warnings: [],
  error: null,
  createdAt: '',
})

describe('historyWindow', () => {
  const conversation = [
    msg('user', 'Q1'),
    msg('assistant', 'A1 [1].'),
    msg('user', 'Q2'),
    msg('assistant', 'A2 [2].'),
    msg('user', 'Q3'),
    msg('assistant', 'A3 [1][2].'),
    msg('user', 'Q4'),
    msg('assistant', 'A4.'),
  ]

  it('keeps the latest turns only, with citation markers stripped', () => {
    expect(historyWindow(conversation, { maxTurns: 2 })).toEqual([
      { question: 'Q3', answer: 'A3.' },
      { question: 'Q4', answer: 'A4.' },
    ])
  })

  it('shortens long answers and respects the total budget', () => {
    const long = [
      msg('user', 'Q1'),
      msg('assistant', 'x '.repeat(1000)),
      msg('user', 'Q2'),
      msg('assistant', 'y '.repeat(1000)),
    ]
    const w = historyWindow(long, { maxAnswerChars: 100, maxChars: 150 })
    expect(w).toHaveLength(1)
    expect(w[0]!.question).toBe('Q2')
    expect(w[0]!.answer.length).toBeLessThanOrEqual(102)
  })

  it('handles a question without an answer and gives questions for retrieval context', () => {
    const w = historyWindow([msg('user', 'Q1'), msg('user', 'Q2'), msg('assistant', 'A2')])
    expect(w).toEqual([
      { question: 'Q1', answer: '' },
      { question: 'Q2', answer: 'A2' },
    ])
    expect(earlierQuestions(w)).toEqual(['Q1', 'Q2'])
  })

  it('takes the latest version of a regenerated answer', () => {
    const w = historyWindow([
      msg('user', 'Q1'),
      msg('assistant', 'old'),
      msg('assistant', 'new'),
      msg('user', 'Q2'),
    ])
    expect(w).toEqual([
      { question: 'Q1', answer: 'new' },
      { question: 'Q2', answer: '' },
    ])
  })

  it("counts an edited question once, in its latest wording with that wording's answer", () => {
    const q1 = msg('user', 'Default port?')
    const a1 = { ...msg('assistant', 'Port 80 [1].'), replyTo: q1.id }
    const q1b = { ...msg('user', 'Default HTTPS port?'), replyTo: q1.id }
    const a1b = { ...msg('assistant', 'Port 443 [1].'), replyTo: q1b.id }
    expect(historyWindow([q1, a1, q1b, a1b])).toEqual([
      { question: 'Default HTTPS port?', answer: 'Port 443.' },
    ])
  })
})

describe('the passages of each turn', () => {
  const source = (n: number, chunkId: number) => ({
    n,
    chunkId,
    documentId: 1,
    file: '/docs/a.pdf',
    title: 'a',
    pages: [1],
    text: 'x',
  })

  it('lists the chunks an answer cited first, then the rest it was given, once each', () => {
    const answered = {
      ...msg('assistant', 'A [2].'),
      citations: [source(2, 20)],
      sources: [source(1, 10), source(2, 20), source(3, 30)],
    }
    const declined = { ...msg('assistant', 'Not found.'), declined: true, sources: [source(1, 40)] }
    expect(historyWindow([msg('user', 'Q1'), answered, msg('user', 'Q2'), declined])).toEqual([
      { question: 'Q1', answer: 'A.', passages: [20, 10, 30] },
      { question: 'Q2', answer: 'Not found.' },
    ])
  })
})
