import { describe, expect, it } from 'vitest'
import { message } from '../test/fake-api.js'
import { conversationTurns, questionOf } from './conversation-turns.js'

describe('conversation turns', () => {
  it('groups regenerated answers under their question, oldest first', () => {
    const turns = conversationTurns([
      message(1, { role: 'user', text: 'Q1' }),
      message(2, { replyTo: 1 }),
      message(3, { role: 'user', text: 'Q2' }),
      message(4, { replyTo: 3 }),
      message(5, { replyTo: 3 }),
    ])
    expect(turns.map((t) => [t.question?.id, t.versions.map((v) => v.id)])).toEqual([
      [1, [2]],
      [3, [4, 5]],
    ])
  })

  it('reads answers stored before versions as replies to the question before them', () => {
    const turns = conversationTurns([
      message(1, { role: 'user', text: 'Q1' }),
      message(2),
      message(3, { role: 'user', text: 'Q2' }),
      message(4),
    ])
    expect(turns.map((t) => t.versions.map((v) => v.id))).toEqual([[2], [4]])
  })

  it('keeps an edited question in its turn: each version answers its own wording', () => {
    const turns = conversationTurns([
      message(1, { role: 'user', text: 'Default port?' }),
      message(2, { replyTo: 1 }),
      message(3, { role: 'user', text: 'Default HTTPS port?', replyTo: 1 }),
      message(4, { replyTo: 3 }),
      message(5, { role: 'user', text: 'And the timeout?' }),
      message(6, { replyTo: 5 }),
    ])
    expect(
      turns.map((t) => [t.question?.id, t.revisions.map((r) => r.id), t.versions.map((v) => v.id)]),
    ).toEqual([
      [1, [3], [2, 4]],
      [5, [], [6]],
    ])
    expect(questionOf(turns[0]!, turns[0]!.versions[0])?.text).toBe('Default port?')
    expect(questionOf(turns[0]!, turns[0]!.versions[1])?.text).toBe('Default HTTPS port?')
  })
})
