import { describe, expect, it } from 'vitest'
import type { OllamaProblem } from '@shared/chat-types.js'
import { answerNotices } from './AnswerNotices.js'

const base = { mode: 'llm' as const, status: 'complete' as const, error: null, declined: false, ollama: null }
const broken: OllamaProblem = {
  kind: 'stream-broken',
  message: 'The connection broke.',
  fix: 'cli words (--ollama-url)',
}

describe('answer notices', () => {
  it('says "stopped" and an unsupported figure once each, worded for the app', () => {
    const notices = answerNotices(
      {
        ...base,
        status: 'stopped',
        warnings: [{ kind: 'unsupported-figure', figure: '7,100' }, { kind: 'stopped' }],
      },
      null,
    )
    expect(notices.map((n) => n.text)).toEqual([
      'Stopped. The partial answer is kept.',
      'Unsupported figure: "7,100" appears in none of the cited passages.',
    ])
  })

  it('says when an answer was stopped before it began', () => {
    const notices = answerNotices(
      { ...base, status: 'stopped', warnings: [{ kind: 'stopped-before-start' }] },
      null,
    )
    expect(notices.map((n) => n.text)).toEqual(['Stopped before the answer began.'])
  })

  it('shows a broken stream once, with the app remedy', () => {
    const notices = answerNotices(
      {
        ...base,
        status: 'failed',
        error: 'The connection broke. Check…',
        ollama: broken,
        warnings: [{ kind: 'broke-off', problem: broken }],
      },
      null,
    )
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({
      text: 'The connection broke.',
      fix: expect.stringMatching(/^Check that Ollama/),
    })
  })

  it('shows retrieval-only mode once, pointing at Settings rather than CLI flags', () => {
    const down: OllamaProblem = {
      kind: 'not-running',
      message: 'Ollama is not reachable.',
      fix: '--ollama-url',
    }
    const notices = answerNotices(
      {
        ...base,
        mode: 'retrieval-only',
        ollama: down,
        warnings: [
          { kind: 'retrieval-only', problem: down },
          { kind: 'passages-omitted', omitted: 2, total: 6, window: 2048 },
        ],
      },
      null,
    )
    expect(notices.map((n) => n.text)).toEqual([
      'Ollama is not reachable.',
      "2 of 6 retrieved passages did not fit in the model's context (2048 tokens) and were left out.",
    ])
    expect(notices[0]!.fix).toContain('Settings')
    expect(JSON.stringify(notices)).not.toContain('--ollama-url')
  })

  it('keeps a note stored before warnings were structured, word for word', () => {
    const notices = answerNotices({ ...base, warnings: [{ kind: 'note', text: 'An older line.' }] }, null)
    expect(notices.map((n) => n.text)).toEqual(['An older line.'])
  })
})
