import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFakeOllama, type FakeOllama } from './index.js'

let fake: FakeOllama
beforeEach(async () => {
  fake = await startFakeOllama({
    models: [{ name: 'qwen2.5:7b', contextLength: 32768, architecture: 'qwen2' }],
  })
})
afterEach(async () => {
  await fake.close()
})

const post = (path: string, body: unknown) =>
  fetch(`${fake.url}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  })

describe('fake Ollama', () => {
  it('listens on an ephemeral 127.0.0.1 port and answers like Ollama at /', async () => {
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await (await fetch(fake.url)).text()).toBe('Ollama is running')
  })

  it('serves /api/version, /api/tags and /api/show with <arch>.context_length', async () => {
    expect(await (await fetch(`${fake.url}/api/version`)).json()).toEqual({ version: '0.12.3' })
    const tags = (await (await fetch(`${fake.url}/api/tags`)).json()) as {
      models: { name: string; details: object }[]
    }
    expect(tags.models.map((m) => m.name)).toEqual(['qwen2.5:7b'])
    const show = (await (await post('/api/show', { model: 'qwen2.5:7b' })).json()) as {
      model_info: Record<string, unknown>
    }
    expect(show.model_info['general.architecture']).toBe('qwen2')
    expect(show.model_info['qwen2.context_length']).toBe(32768)
  })

  it("answers an unknown model with 404 and Ollama's error JSON", async () => {
    const res = await post('/api/chat', { model: 'nope', messages: [] })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'model "nope" not found, try pulling it first' })
    expect((await post('/api/show', { model: 'nope' })).status).toBe(404)
  })

  it('streams NDJSON ending with a done line carrying the metrics', async () => {
    fake.setScript({ models: [{ name: 'm', contextLength: 2048 }], chat: { tokens: ['a', 'b'] } })
    const res = await post('/api/chat', { model: 'm', messages: [{ role: 'user', content: 'hi' }] })
    expect(res.headers.get('content-type')).toBe('application/x-ndjson')
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.map((l) => l.message.content)).toEqual(['a', 'b', ''])
    expect(lines.at(-1)).toMatchObject({ done: true, done_reason: 'stop', eval_count: 2 })
    expect(fake.chats[0]!.body.messages).toEqual([{ role: 'user', content: 'hi' }])
  })

  it('answers stream:false with one object', async () => {
    fake.setScript({ models: [{ name: 'm', contextLength: 2048 }], chat: { tokens: ['a', 'b'] } })
    const body = await (await post('/api/chat', { model: 'm', messages: [], stream: false })).json()
    expect(body).toMatchObject({ message: { role: 'assistant', content: 'ab' }, done: true })
  })

  it('plays a queue of replies in order, repeating the last', async () => {
    fake.setScript({
      models: [{ name: 'm', contextLength: 2048 }],
      chat: [{ tokens: ['1'] }, { tokens: ['2'] }],
    })
    const texts = []
    for (let i = 0; i < 3; i++)
      texts.push(await (await post('/api/chat', { model: 'm', messages: [], stream: false })).json())
    expect(texts.map((t) => (t as { message: { content: string } }).message.content)).toEqual(['1', '2', '2'])
  })

  it('by default quotes the first sentence of source [1] and cites it', async () => {
    const content =
      'Sources:\n\n[1] a.pdf, p. 2\nSteel output was 4,200 t. More text.\n\n[2] b.pdf, p. 1\nOther.\n\nQuestion: Output?'
    const body = (await (
      await post('/api/chat', { model: 'qwen2.5:7b', messages: [{ role: 'user', content }], stream: false })
    ).json()) as { message: { content: string } }
    expect(body.message.content).toBe('Steel output was 4,200 t. [1]')
  })

  it('fails endpoints on request', async () => {
    fake.setScript({ fail: { tags: 500, chat: 503 } })
    expect((await fetch(`${fake.url}/api/tags`)).status).toBe(500)
    expect((await post('/api/chat', { model: 'llama3.2:3b', messages: [] })).status).toBe(503)
  })

  it('runs standalone from the command line', async () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url))
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', cli, '--port', '0', '--model', 'x:1b', '--context', '4096'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    try {
      const [chunk] = (await once(child.stdout, 'data')) as [Buffer]
      const url = chunk.toString().trim()
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const tags = (await (await fetch(`${url}/api/tags`)).json()) as { models: { name: string }[] }
      expect(tags.models.map((m) => m.name)).toEqual(['x:1b'])
    } finally {
      child.kill('SIGTERM')
      await once(child, 'exit')
    }
  })
})
