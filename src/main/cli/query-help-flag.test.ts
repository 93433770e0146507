// `quire ask --query-help expand|hyde` against the fake Ollama: the other wordings are searched
// beside the question, said on stderr and carried in --json; a bad mode is refused by the parser.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { splitTokens, startFakeOllama, type FakeOllama } from '@tests/fake-ollama/index.js'
import { cli } from '@tests/helpers/run-cli.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { EXPAND_SYSTEM_PROMPT } from '../engine/answer/query-help.js'

const tempDir = useTempDirs()
let ollama: FakeOllama

beforeAll(async () => {
  ollama = await startFakeOllama({
    chat: (req) =>
      req.messages[0]?.content === EXPAND_SYSTEM_PROMPT
        ? { tokens: splitTokens('How often is engine oil changed?\nengine oil interval') }
        : { tokens: splitTokens('Every 15000 kilometres [1].') },
  })
})
afterAll(async () => {
  await ollama.close()
})

async function library(): Promise<string> {
  const docs = tempDir()
  fs.writeFileSync(
    path.join(docs, 'car.md'),
    '# Servicing\n\nEngine oil is changed every 15000 kilometres by the workshop.\n',
  )
  const lib = tempDir()
  expect((await cli('ingest', docs, '--library', lib, '--model-dir', 'none')).code).toBe(0)
  return lib
}

describe('quire ask --query-help', () => {
  it('searches the model’s other wordings too and says what it searched for', async () => {
    const lib = await library()
    const common = [
      '--library',
      lib,
      '--model-dir',
      'none',
      '--ollama-url',
      ollama.url,
      '--query-help',
      'expand',
    ]
    const human = await cli('ask', 'How often does the motor lubricant get swapped?', ...common)
    expect(human.code).toBe(0)
    expect(human.err).toContain(
      'Also searched for: “How often is engine oil changed?”, “engine oil interval”',
    )

    const json = await cli('ask', 'How often does the motor lubricant get swapped?', ...common, '--json')
    const out = JSON.parse(json.out) as { query_help: { mode: string; queries: string[]; skipped: null } }
    expect(out.query_help).toMatchObject({
      mode: 'expand',
      queries: ['How often is engine oil changed?', 'engine oil interval'],
      skipped: null,
    })
  })

  it('refuses a mode it does not know', async () => {
    const r = await cli('ask', 'q', '--query-help', 'always')
    expect(r.code).not.toBe(0)
    expect(r.err).toMatch(/must be 'off', 'expand' or 'hyde'/)
  })
})
