import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { deadOllamaUrl, startFakeOllama, type FakeOllama } from '@tests/fake-ollama/index.js'
import { OllamaClient, sameModel } from './ollama-client.js'

let fake: FakeOllama
beforeEach(async () => {
  fake = await startFakeOllama({
    models: [{ name: 'qwen2.5:7b', contextLength: 32768, architecture: 'qwen2' }],
  })
})
afterEach(async () => {
  await fake.close()
})

const chatReq = {
  model: 'qwen2.5:7b',
  messages: [{ role: 'user', content: 'hi' }],
  options: { num_ctx: 4096 },
}

describe('OllamaClient health', () => {
  it('reports ready with version, installed models and the real context length', async () => {
    const s = await new OllamaClient({ host: fake.url, model: 'qwen2.5:7b' }).status()
    expect(s).toMatchObject({
      state: 'ready',
      model: 'qwen2.5:7b',
      models: ['qwen2.5:7b'],
      contextLength: 32768,
      fix: null,
    })
    expect(s.version).toBe('0.12.3')
  })

  it('picks the first installed chat model when none is configured, skipping embedding models', async () => {
    fake.setScript({
      models: [
        { name: 'nomic-embed-text:latest', contextLength: 2048 },
        { name: 'llama3.2:3b', contextLength: 131072 },
      ],
    })
    const s = await new OllamaClient({ host: fake.url }).status()
    expect(s.state).toBe('ready')
    expect(s.model).toBe('llama3.2:3b')
  })

  it('says the model is not pulled, naming the pull command and the installed models', async () => {
    const s = await new OllamaClient({ host: fake.url, model: 'mistral' }).status()
    expect(s.state).toBe('model-missing')
    expect(s.message).toContain('"mistral" is not installed')
    expect(s.fix).toContain('ollama pull mistral')
    expect(s.fix).toContain('qwen2.5:7b')
  })

  it('says Ollama is not running when nothing listens', async () => {
    const s = await new OllamaClient({ host: await deadOllamaUrl(), model: 'x' }).status()
    expect(s.state).toBe('not-running')
    expect(s.message).toMatch(/not reachable/)
    expect(s.fix).toMatch(/ollama serve/)
  })

  it('reports a server error on /api/tags as an error state, not a crash', async () => {
    fake.setScript({ fail: { tags: 500 } })
    const s = await new OllamaClient({ host: fake.url, model: 'qwen2.5:7b' }).status()
    expect(s.state).toBe('error')
    expect(s.message).toMatch(/HTTP 500/)
  })

  it('rejects an address that is not a URL', async () => {
    const s = await new OllamaClient({ host: 'http://exa mple:11434' }).status()
    expect(s.state).toBe('not-running')
    expect(s.message).toMatch(/not a valid Ollama address/)
  })

  it('reads the context length from model_info and caches it', async () => {
    const c = new OllamaClient({ host: fake.url })
    expect(await c.contextLength('qwen2.5:7b')).toBe(32768)
    expect(await c.contextLength('qwen2.5:7b')).toBe(32768)
    expect(fake.requests.filter((r) => r.path === '/api/show')).toHaveLength(1)
  })

  it('lists models through /api/tags', async () => {
    expect(await new OllamaClient({ host: fake.url }).listModels()).toEqual(['qwen2.5:7b'])
  })

  it('treats "name" and "name:latest" as the same model', () => {
    expect(sameModel('llama3', 'llama3:latest')).toBe(true)
    expect(sameModel('llama3:8b', 'llama3:latest')).toBe(false)
  })
})

describe('OllamaClient.streamChat', () => {
  it('streams tokens in order and reports completion', async () => {
    fake.setScript({ ...fakeModels(), chat: { tokens: ['Hello', ' there', '.'] } })
    const seen: string[] = []
    const res = await new OllamaClient({ host: fake.url }).streamChat({
      ...chatReq,
      onToken: (t) => seen.push(t),
    })
    expect(seen).toEqual(['Hello', ' there', '.'])
    expect(res).toMatchObject({
      text: 'Hello there.',
      outcome: 'complete',
      problem: null,
      doneReason: 'stop',
    })
    expect(res.firstTokenMs).not.toBeNull()
    const body = fake.chats[0]!.body
    expect(body.stream).toBe(true)
    expect(body.options).toEqual({ num_ctx: 4096 })
  })

  it('stops mid-stream on abort, keeps the partial text and closes the connection', async () => {
    fake.setScript({ ...fakeModels(), chat: { tokens: ['one', ' two', ' three', ' four'], hangAfter: 2 } })
    const ac = new AbortController()
    const res = await new OllamaClient({ host: fake.url }).streamChat({
      ...chatReq,
      signal: ac.signal,
      onToken: (t) => {
        if (t === ' two') setTimeout(() => ac.abort(), 10)
      },
    })
    expect(res).toMatchObject({ text: 'one two', outcome: 'stopped', problem: null })
    await waitFor(() => fake.chats[0]!.clientClosedEarly)
  })

  it('returns stopped at once when the signal is already aborted', async () => {
    const res = await new OllamaClient({ host: fake.url }).streamChat({
      ...chatReq,
      signal: AbortSignal.abort(),
    })
    expect(res.outcome).toBe('stopped')
    expect(fake.chats).toHaveLength(0)
  })

  it('keeps what arrived when the connection drops mid-stream', async () => {
    fake.setScript({ ...fakeModels(), chat: { tokens: ['The', ' plant', ' made', ' more'], dropAfter: 2 } })
    const res = await new OllamaClient({ host: fake.url }).streamChat(chatReq)
    expect(res.outcome).toBe('failed')
    expect(res.text).toBe('The plant')
    expect(res.problem?.kind).toBe('stream-broken')
  })

  it('treats a stream that ends without done as broken', async () => {
    fake.setScript({ ...fakeModels(), chat: { tokens: ['a', 'b'], omitDone: true } })
    const res = await new OllamaClient({ host: fake.url }).streamChat(chatReq)
    expect(res).toMatchObject({ outcome: 'failed', text: 'ab' })
    expect(res.problem?.kind).toBe('stream-broken')
  })

  it('reports an error line inside the stream', async () => {
    fake.setScript({
      ...fakeModels(),
      chat: { tokens: ['a'], streamError: 'llama runner process has terminated' },
    })
    const res = await new OllamaClient({ host: fake.url }).streamChat(chatReq)
    expect(res.outcome).toBe('failed')
    expect(res.text).toBe('a')
    expect(res.problem?.message).toContain('llama runner process has terminated')
  })

  it('names a missing model from the 404 error JSON', async () => {
    const res = await new OllamaClient({ host: fake.url }).streamChat({ ...chatReq, model: 'missing:1b' })
    expect(res.outcome).toBe('failed')
    expect(res.problem).toMatchObject({ kind: 'model-missing' })
    expect(res.problem?.fix).toContain('ollama pull missing:1b')
  })

  it('reports HTTP 500 with its status', async () => {
    fake.setScript({ ...fakeModels(), chat: { status: 500, error: 'out of memory' } })
    const res = await new OllamaClient({ host: fake.url }).streamChat(chatReq)
    expect(res.problem).toMatchObject({ kind: 'http-error', status: 500 })
    expect(res.problem?.message).toContain('out of memory')
  })

  it('reports a non-JSON error body without logging to the console', async () => {
    // The fake answers unknown paths with text/plain 404; the client must not print "Getting text from response".
    const logs: unknown[] = []
    const orig = console.log
    console.log = (...a: unknown[]) => logs.push(a)
    try {
      const c = new OllamaClient({ host: `${fake.url}/nowhere` })
      await expect(c.listModels()).rejects.toMatchObject({ problem: { kind: 'bad-response' } })
    } finally {
      console.log = orig
    }
    expect(logs).toEqual([])
  })

  it('reports an unreachable server as not running', async () => {
    const res = await new OllamaClient({ host: await deadOllamaUrl() }).streamChat(chatReq)
    expect(res).toMatchObject({ outcome: 'failed', text: '' })
    expect(res.problem?.kind).toBe('not-running')
  })

  it('gives up on a silent stream after the idle timeout', async () => {
    fake.setScript({ ...fakeModels(), chat: { tokens: ['a', 'b'], hangAfter: 1 } })
    const res = await new OllamaClient({ host: fake.url, idleTimeoutMs: 100 }).streamChat(chatReq)
    expect(res).toMatchObject({ outcome: 'failed', text: 'a' })
    expect(res.problem?.kind).toBe('timeout')
  })
})

function fakeModels() {
  return { models: [{ name: 'qwen2.5:7b', contextLength: 32768 }] }
}

async function waitFor(check: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 10))
  }
}
