import { describe, expect, it } from 'vitest'
import { rejectRewrite } from './rewrite-guard.js'

const turns = [
  { question: 'How much steel did the Ghent plant produce in 2023?', answer: '4,200 tonnes [1].' },
]

describe('rewrite guard', () => {
  it('accepts a standalone question that keeps the follow-up and the topic', () => {
    expect(
      rejectRewrite('How much steel did the Ghent plant produce in 2022?', 'And in 2022?', turns),
    ).toBeNull()
    expect(
      rejectRewrite('What about aluminium at the Ghent plant?', 'What about aluminium?', turns),
    ).toBeNull()
    // No content words of its own: the earlier question's topic must be there.
    expect(
      rejectRewrite('How much steel did Ghent produce before that?', 'And before that?', turns),
    ).toBeNull()
  })

  it('rejects an answer given instead of a question', () => {
    expect(
      rejectRewrite('The Ghent plant produced 4,200 tonnes of steel in 2022.', 'And in 2022?', turns),
    ).toBe('not-a-question')
  })

  it('rejects a rewrite that cites sources', () => {
    expect(rejectRewrite('What did Ghent produce in 2022 [1]?', 'And in 2022?', turns)).toBe('cites-sources')
    expect(rejectRewrite('According to the sources, what was made?', 'And in 2022?', turns)).toBe(
      'cites-sources',
    )
  })

  it("rejects a rewrite that drops the follow-up's own words or leaves the topic", () => {
    expect(rejectRewrite('What is the Ghent plant?', 'How many workers were laid off in 2022?', turns)).toBe(
      'lost-the-question',
    )
    expect(rejectRewrite('What is the capital of France?', 'And before that?', turns)).toBe('off-topic')
  })
})
