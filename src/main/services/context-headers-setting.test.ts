// Settings › Search › Contextual chunk headers in the app's services, against the fake Ollama: off
// by default (an import asks the model nothing); on, each import is followed by one model call per
// new passage, and the import's report says how many headers were written.
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { splitTokens, startFakeOllama, type FakeOllama } from '@tests/fake-ollama/index.js'
import { tempServices } from '@tests/helpers/temp-services.js'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function setUp(): Promise<{
  app: Awaited<ReturnType<typeof tempServices>>
  fake: FakeOllama
  docs: string
}> {
  const fake = await startFakeOllama({ chat: { tokens: splitTokens('From the Zeppelin workshop manual.') } })
  cleanups.push(() => fake.close())
  const app = await tempServices({ ollamaHost: fake.url })
  cleanups.push(() => app.dispose())
  const docs = path.join(app.tmp, 'docs')
  fs.mkdirSync(docs)
  fs.writeFileSync(
    path.join(docs, 'car.md'),
    '# Servicing\n\nEngine oil is changed every 15000 kilometres.\n',
  )
  return { app, fake, docs }
}

describe('the contextual chunk headers setting', () => {
  it('is off by default: an import asks the model nothing', async () => {
    const { app, fake, docs } = await setUp()
    expect(app.services.settings.get().contextHeaders).toBe(false)
    const report = await app.services.library.ingest([docs])
    expect(report.documents[0]!.status).toBe('indexed')
    expect(report.contextHeaders).toBeUndefined()
    expect(fake.chats).toHaveLength(0)
  })

  it('on, writes one header per new passage after each import and says so', async () => {
    const { app, fake, docs } = await setUp()
    app.services.settings.set({ contextHeaders: true })
    const report = await app.services.library.ingest([docs])
    const chunks = report.documents[0]!.chunks
    expect(report.contextHeaders).toEqual({
      written: chunks,
      modelCalls: chunks,
      remaining: 0,
      problem: null,
    })
    expect(fake.chats).toHaveLength(chunks)
    const found = await app.services.library.library.search('zeppelin')
    expect(found.results[0]?.text).toMatch(/15000 kilometres/)
  })
})
