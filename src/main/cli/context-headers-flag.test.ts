// `quire ingest --context-headers` against the fake Ollama: the import is followed by one model
// call per passage, said in the report (and in --json); run again without files it has nothing
// left to ask; without the flag the model is never called; an unreachable Ollama is said, exit 1.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { splitTokens, startFakeOllama, type FakeOllama } from '@tests/fake-ollama/index.js'
import { cli } from '@tests/helpers/run-cli.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'

const tempDir = useTempDirs()
let ollama: FakeOllama

beforeAll(async () => {
  ollama = await startFakeOllama({ chat: { tokens: splitTokens('From the Zeppelin workshop manual.') } })
})
afterAll(async () => {
  await ollama.close()
})

function docs(): string {
  const dir = tempDir()
  fs.writeFileSync(
    path.join(dir, 'car.md'),
    '# Servicing\n\nEngine oil is changed every 15000 kilometres by the workshop.\n',
  )
  return dir
}

describe('quire ingest --context-headers', () => {
  it('writes one header per passage after the import, and finds the passage by it', async () => {
    const lib = tempDir()
    const before = ollama.chats.length
    const common = ['--library', lib, '--model-dir', 'none', '--ollama-url', ollama.url]
    const run = await cli('ingest', docs(), ...common, '--context-headers', '--json')
    expect(run.code).toBe(0)
    const report = JSON.parse(run.out) as { documents: { chunks: number }[]; context_headers: unknown }
    const chunks = report.documents[0]!.chunks
    expect(report.context_headers).toMatchObject({
      written: chunks,
      model_calls: chunks,
      remaining: 0,
      problem: null,
    })
    expect(ollama.chats.length - before).toBe(chunks)

    const again = await cli('ingest', ...common, '--context-headers')
    expect(again.code).toBe(0)
    expect(again.out).toMatch(/Context headers \(llama3\.2:3b\): 0 written with 0 model calls/)
    expect(ollama.chats.length - before).toBe(chunks)

    const found = await cli('search', 'zeppelin', '--library', lib, '--model-dir', 'none', '--json')
    expect(found.out).toMatch(/15000 kilometres/)
  })

  it('is off without the flag: the import asks the model nothing', async () => {
    const before = ollama.chats.length
    const run = await cli('ingest', docs(), '--library', tempDir(), '--model-dir', 'none')
    expect(run.code).toBe(0)
    expect(run.out).not.toMatch(/Context headers/)
    expect(ollama.chats.length).toBe(before)
  })

  it('says why when Ollama cannot be reached, after importing the files', async () => {
    const closed = await startFakeOllama({})
    await closed.close()
    const lib = tempDir()
    const run = await cli(
      'ingest',
      docs(),
      '--library',
      lib,
      '--model-dir',
      'none',
      '--context-headers',
      '--ollama-url',
      closed.url,
    )
    expect(run.code).toBe(1)
    expect(run.out).toMatch(/^indexed /m)
    expect(run.out).toMatch(/Context headers not written: /)
  })
})
