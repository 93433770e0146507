// `quire ask` / `quire conversations` through the real CLI entry, a real library built from a PDF
// and the project's fake Ollama server: the contract the analyst's terminal and the evaluation use.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deadOllamaUrl, startFakeOllama, type FakeOllama } from '@tests/fake-ollama/index.js'
import { makeTextPdf, paragraphLines } from '@tests/fixtures/pdf-factory.js'
import { cli } from '@tests/helpers/run-cli.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'

const tempDir = useTempDirs()
let ollama: FakeOllama

beforeAll(async () => {
  ollama = await startFakeOllama()
})
afterAll(async () => {
  await ollama.close()
})

async function library(): Promise<{ lib: string; file: string }> {
  const docs = tempDir()
  const file = path.join(docs, 'pumps.pdf')
  fs.writeFileSync(
    file,
    await makeTextPdf({
      pages: [
        {
          lines: [
            { text: '1 Overview', size: 16 },
            ...paragraphLines([
              'This manual covers the model P7 pump used in cooling loops.',
              'It explains installation, operation and service.',
              'Read it before the first start of the pump.',
            ]),
          ],
        },
        {
          lines: [
            { text: '2 Pressure', size: 16 },
            ...paragraphLines([
              'The maximum operating pressure of the P7 pump is 16 bar.',
              'Above that pressure the relief valve opens and vents the loop.',
              'Check the relief valve once a year during service.',
            ]),
          ],
        },
      ],
    }),
  )
  const lib = tempDir()
  expect((await cli('ingest', docs, '--library', lib, '--json')).code).toBe(0)
  return { lib, file }
}

describe('quire ask', () => {
  it('--json prints the contract object with a cited, streamed answer from Ollama', async () => {
    const { lib, file } = await library()
    ollama.setScript({ chat: { tokens: ['The maximum ', 'pressure is ', '16 bar [1].'] } })
    const r = await cli(
      'ask',
      'What is the maximum operating pressure of the pump?',
      '--library',
      lib,
      '--ollama-url',
      ollama.url,
      '--json',
    )
    expect(r.code).toBe(0)
    const a = JSON.parse(r.out.trim())
    expect(Object.keys(a).sort()).toEqual(
      [
        'answer',
        'citations',
        'conversation_id',
        'declined',
        'decline_reason',
        'decline_message',
        'mode',
        'model',
        'scope',
        'search_query',
        'sources',
        'timings',
        'warnings',
      ].sort(),
    )
    expect(a).toMatchObject({ mode: 'llm', declined: false, answer: 'The maximum pressure is 16 bar [1].' })
    expect(a.citations[0]).toMatchObject({ n: 1, file, pages: [2] })
    expect(a.timings.total_ms).toBeGreaterThanOrEqual(a.timings.retrieval_ms)
    // Every request sets num_ctx, so Ollama cannot silently truncate the sources.
    const chat = ollama.requests.find((q) => q.path === '/api/chat')
    expect(JSON.stringify(chat)).toContain('num_ctx')

    const convs = JSON.parse((await cli('conversations', '--library', lib, '--json')).out)
    expect(convs).toHaveLength(1)
    expect(convs[0]).toMatchObject({ id: a.conversation_id, messages: 2 })
  })

  it('answers in retrieval-only mode, exit 0, when Ollama is not running', async () => {
    const { lib, file } = await library()
    const url = await deadOllamaUrl()
    const r = await cli(
      'ask',
      'What is the maximum operating pressure of the pump?',
      '--library',
      lib,
      '--ollama-url',
      url,
      '--json',
    )
    expect(r.code).toBe(0)
    const a = JSON.parse(r.out.trim())
    expect(a.mode).toBe('retrieval-only')
    expect(a.answer).toContain('16 bar')
    expect(a.citations[0].file).toBe(file)
    expect(a.warnings).toEqual([
      { kind: 'retrieval-only', text: expect.stringMatching(/^Ollama: .*--ollama-url/) },
    ])
    expect(r.err).not.toMatch(/\n\s+at /)
  })
})
