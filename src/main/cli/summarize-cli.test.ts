// `quire summarize` through the real CLI entry: a real library built from a 24-page PDF and the
// project's fake Ollama server playing a 4k-context model that echoes its input.
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  deadOllamaUrl,
  echoSourcesReply,
  startFakeOllama,
  type FakeOllama,
} from '@tests/fake-ollama/index.js'
import { HANDBOOK_FILE, handbookLibrary } from '@tests/helpers/handbook-library.js'
import { cli } from '@tests/helpers/run-cli.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { findCitationMarkers } from '@shared/citation-markers.js'
import type { AskJson } from './commands/ask.js'
import type { SummarizeJson } from './commands/summarize.js'

const MODEL = 'small:4k'
const tempDir = useTempDirs()
let ollama: FakeOllama
let lib: string
let file: string

beforeEach(async () => {
  ollama = await startFakeOllama({
    models: [{ name: MODEL, contextLength: 4096 }],
    chat: (body) => echoSourcesReply(body),
  })
  const made = await handbookLibrary(tempDir())
  await made.lib.close()
  lib = made.libDir
  file = made.file
})
afterEach(async () => {
  await ollama.close()
})

const summarize = (what: string, ...more: string[]) =>
  cli('summarize', what, '--library', lib, '--ollama-url', ollama.url, '--model', MODEL, ...more)

describe('quire summarize', () => {
  it('--json gives the summary, citations shaped as ask --json, and the model calls', async () => {
    const r = await summarize(file, '--json')
    expect(r.code, r.err).toBe(0)
    const json = JSON.parse(r.out) as SummarizeJson
    expect(json.status).toBe('complete')
    expect(json.model).toBe(MODEL)
    expect(json.model_calls).toBe(json.section_calls + json.combine_calls)
    expect(json.section_calls).toBe(json.sections)
    expect(json.model_calls).toBe(ollama.chats.length)
    const lines = json.summary.split('\n')
    for (const line of lines) expect(findCitationMarkers(line).length, line).toBeGreaterThan(0)
    // The citations are ask --json's passages: n, file, pages, text.
    const ask = JSON.parse(
      (
        await cli(
          'ask',
          'Who checks the gasket of unit 7?',
          '--library',
          lib,
          '--ollama-url',
          ollama.url,
          '--model',
          MODEL,
          '--json',
        )
      ).out,
    ) as AskJson
    expect(Object.keys(json.citations[0]!).sort()).toEqual(Object.keys(ask.citations[0]!).sort())
    expect(json.citations[0]).toMatchObject({ n: 1, file, pages: expect.any(Array) })
  })

  it('names the document by file name too; a second summary makes no model calls', async () => {
    const first = JSON.parse((await summarize(HANDBOOK_FILE, '--json')).out) as SummarizeJson
    expect(first.model_calls).toBeGreaterThan(0)
    const second = JSON.parse((await summarize('pump-handbook', '--json')).out) as SummarizeJson
    expect(second.model_calls).toBe(0)
    expect(second.section_calls).toBe(0)
    expect(second.summary).toBe(first.summary)
  })

  it('ask --json answers a summary question with the same cited summary', async () => {
    const summary = JSON.parse((await summarize(file, '--json')).out) as SummarizeJson
    const asked = await cli(
      'ask',
      `Summarize ${HANDBOOK_FILE}`,
      '--library',
      lib,
      '--ollama-url',
      ollama.url,
      '--model',
      MODEL,
      '--json',
    )
    const json = JSON.parse(asked.out) as AskJson
    expect(json.answer).toBe(summary.summary)
    expect(json.citations).toEqual(summary.citations)
    expect(json.declined).toBe(false)
  })

  it('prints the summary with its sources, and the cost on stderr', async () => {
    const r = await summarize(path.relative(process.cwd(), file))
    expect(r.code, r.err).toBe(0)
    expect(r.out).toMatch(/^- .+ \[1\]/)
    expect(r.out).toContain(`Sources:\n  [1] ${HANDBOOK_FILE}, p.`)
    expect(r.err).toMatch(/\d+ sections · \d+ model calls: \d+ for sections, \d+ combining/)
  })

  it('says what to do when the document is not in the library, or Ollama is not running', async () => {
    const missing = await summarize('no-such-report.pdf', '--json')
    expect(missing.code).toBe(1)
    expect(JSON.parse(missing.out)).toMatchObject({ error: { code: 'DOCUMENT_NOT_FOUND' } })

    const dead = await cli(
      'summarize',
      file,
      '--library',
      lib,
      '--ollama-url',
      await deadOllamaUrl(),
      '--json',
    )
    expect(dead.code).toBe(1)
    const json = JSON.parse(dead.out) as SummarizeJson
    expect(json.status).toBe('failed')
    expect(json.problem).toMatch(/Ollama/)
  })
})
