import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFakeOllama, type FakeOllama } from '@tests/fake-ollama/index.js'
import { OllamaClient } from '../generate/ollama-client.js'
import { cleanRewrite, rewriteFollowUp } from './rewrite-question.js'

let fake: FakeOllama
beforeEach(async () => {
  fake = await startFakeOllama()
})
afterEach(async () => {
  await fake.close()
})

const turns = [{ question: 'How much steel did Ghent produce in 2023?', answer: 'It produced 4,200 tonnes.' }]

describe('rewriteFollowUp', () => {
  it('sends only the window and the follow-up, at temperature 0, and returns the standalone question', async () => {
    fake.setScript({
      chat: { tokens: ['Standalone question: ', '"How much steel did Ghent produce in 2022?"'] },
    })
    const client = new OllamaClient({ host: fake.url })
    const out = await rewriteFollowUp((r) => client.streamChat(r), 'llama3.2:3b', turns, 'And in 2022?', {
      window: 8192,
    })
    expect(out.rewrite).toMatchObject({
      from: 'And in 2022?',
      to: 'How much steel did Ghent produce in 2022?',
      model: 'llama3.2:3b',
    })
    const body = fake.chats[0]!.body
    // The same num_ctx as the answer that follows, so Ollama does not reload the model between them.
    expect(body.options).toMatchObject({ temperature: 0, num_ctx: 8192 })
    expect(body.messages[1]!.content).toContain('User: How much steel did Ghent produce in 2023?')
    expect(body.messages[1]!.content).toContain('Follow-up question: And in 2022?')
  })

  it('does not trust a model that answers instead of rewriting', async () => {
    fake.setScript({ chat: { tokens: ['Ghent produced 3,900 tonnes of steel in 2022 [1].'] } })
    const client = new OllamaClient({ host: fake.url })
    const out = await rewriteFollowUp((r) => client.streamChat(r), 'llama3.2:3b', turns, 'And in 2022?', {
      window: 8192,
    })
    expect(out).toMatchObject({
      rewrite: null,
      rejected: { text: 'Ghent produced 3,900 tonnes of steel in 2022 [1].', reason: 'cites-sources' },
    })
  })

  it('reports the problem when the model fails', async () => {
    fake.setScript({ chat: { status: 500, error: 'boom' } })
    const client = new OllamaClient({ host: fake.url })
    const out = await rewriteFollowUp((r) => client.streamChat(r), 'llama3.2:3b', turns, 'And 2022?', {
      window: 8192,
    })
    expect(out.rewrite).toBeNull()
    expect(out).toMatchObject({ problem: { kind: 'http-error', status: 500 } })
  })
})

describe('cleanRewrite', () => {
  it('takes the first line without labels or quotes, and rejects rambling', () => {
    expect(cleanRewrite('\n"What was X in 2022?"\nExplanation: ...', 'And 2022?')).toBe('What was X in 2022?')
    expect(cleanRewrite('<think>hmm</think>Question: What is Y?', 'y?')).toBe('What is Y?')
    expect(cleanRewrite('', 'q')).toBeNull()
    expect(cleanRewrite('a'.repeat(500), 'q')).toBeNull()
  })
})
