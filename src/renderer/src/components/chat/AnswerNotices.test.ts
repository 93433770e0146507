import { describe, expect, it } from 'vitest'
import { answerNotices } from './AnswerNotices.js'

const base = { mode: 'llm' as const, status: 'complete' as const, error: null, declined: false }

describe('answer notices', () => {
  it('says "stopped" and an unsupported figure once each', () => {
    const notices = answerNotices(
      {
        ...base,
        status: 'stopped',
        warnings: [
          'Unsupported figure: "7,100" appears in none of the cited passages.',
          'Stopped: the answer is incomplete.',
        ],
      },
      null,
      null,
    )
    expect(notices.map((n) => n.text)).toEqual([
      'Stopped: the answer is incomplete.',
      'Unsupported figure: "7,100" appears in none of the cited passages.',
    ])
  })

  it('shows a broken stream once, with the app remedy', () => {
    const notices = answerNotices(
      {
        ...base,
        status: 'failed',
        error: 'The connection broke. Check…',
        warnings: ['The answer broke off: The connection broke. Check that Ollama is still running.'],
      },
      { kind: 'stream-broken', message: 'The connection broke.', fix: 'cli words' },
      null,
    )
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({
      text: 'The connection broke.',
      fix: expect.stringMatching(/^Check that Ollama/),
    })
  })
})
