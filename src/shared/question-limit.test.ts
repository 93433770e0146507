import { describe, expect, it } from 'vitest'
import { checkQuestionLength, MAX_QUESTION_CHARS } from './question-limit.js'

describe('checkQuestionLength', () => {
  it('passes a question up to the limit and refuses a longer one with QUESTION_TOO_LONG', () => {
    expect(() => checkQuestionLength('x'.repeat(MAX_QUESTION_CHARS))).not.toThrow()
    expect(() => checkQuestionLength('x'.repeat(MAX_QUESTION_CHARS + 1))).toThrow(
      expect.objectContaining({
        code: 'QUESTION_TOO_LONG',
        message:
          'The question is 4,001 characters long; a question may be at most 4,000. Ask about one thing at a time, in a sentence or a short paragraph.',
      }),
    )
  })
})
