// Under the question: what optional search stages did (reranked, also searched for), and query
// help skipped for its time budget, in the words every surface uses (shared/stage-notes.ts).
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { RetrievalTrace } from '@shared/chat-types.js'
import { QuestionMessage } from './QuestionMessage.js'

const trace: RetrievalTrace = {
  question: 'How often is the oil changed?',
  rewrite: null,
  searchQuery: 'How often is the oil changed?',
  context: [],
  searchMode: 'keyword',
  declined: false,
  hits: [],
  packed: [],
  omitted: [],
  truncatedTop: false,
  numCtx: null,
  promptTokens: null,
}

describe('QuestionMessage', () => {
  it('says what was also searched for and that the passages were reranked', () => {
    render(
      <QuestionMessage
        text={trace.question}
        trace={{
          ...trace,
          stages: [
            { stage: 'also-searched', queries: ['oil change interval'] },
            {
              stage: 'rerank',
              model: 'ms-marco-MiniLM-L-6-v2',
              candidates: 30,
              scored: 12,
              moved: 3,
              ms: 148,
              cutShort: 'budget',
            },
          ],
        }}
      />,
    )
    expect(screen.getByText('Also searched for: “oil change interval”')).toBeTruthy()
    expect(
      screen.getByText(
        'Reranked by ms-marco-MiniLM-L-6-v2: 12 of 30 candidate passages (its time budget ran out) in 148 ms; 3 of the top results changed place.',
      ),
    ).toBeTruthy()
  })

  it('says when query help was skipped for its budget', () => {
    render(
      <QuestionMessage
        text={trace.question}
        trace={{
          ...trace,
          queryHelp: {
            mode: 'hyde',
            model: 'llama3.2:3b',
            queries: [],
            ms: 1500,
            budgetMs: 1500,
            skipped: 'budget',
          },
        }}
      />,
    )
    expect(
      screen.getByText(
        'Query help skipped (llama3.2:3b took longer than 1500 ms): searched for the question alone.',
      ),
    ).toBeTruthy()
  })

  it('shows nothing more when no optional stage ran', () => {
    const { container } = render(<QuestionMessage text={trace.question} trace={trace} />)
    expect(container.querySelectorAll('[data-stage]')).toHaveLength(0)
  })
})
