// Contextual chunk headers against the fake Ollama and a real library: one model call per chunk,
// stored beside the chunk and found by keyword search, resumed after an interruption without
// asking again, asked again for a re-indexed document's new chunks, embedded with the chunk, and
// never asked for when the feature is off (a plain import).
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { splitTokens, startFakeOllama, type ChatRequestBody } from '@tests/fake-ollama/index.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import type { Embedder } from '../embed/embedder.js'
import { OllamaClient } from '../generate/ollama-client.js'
import { Library } from '../library.js'
import { fullCheck } from '../store/check-database.js'
import { ChunkContext } from '../store/chunk-context.js'
import { CONTEXT_HEADER_SYSTEM_PROMPT, cleanContextHeader } from './context-headers.js'

const MODEL = 'llama3.2:3b'
const tempDir = useTempDirs()
const open: { close(): Promise<unknown> }[] = []
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close()
})

/** A section long enough to be a chunk of its own: its sentence, then log lines about its topic. */
const section = (heading: string, sentence: string, topic: string) =>
  `# ${heading}\n\n${sentence} ${Array.from({ length: 24 }, (_, i) => `The ${topic} check number ${i + 1} is written in the logbook.`).join(' ')}\n\n`

const SERVICING =
  section(
    'Automobile servicing',
    'Engine oil in an automobile is changed every 15000 kilometres by the workshop.',
    'oil',
  ) +
  section('Tyres', 'Tyre pressure is checked monthly; winter tyres are fitted in November.', 'tyre') +
  section(
    'Brakes',
    'Brake fluid is replaced every two years, and the pads are measured at each visit.',
    'brake',
  )

async function library(opts: { embedder?: Embedder } = {}) {
  const docs = tempDir()
  const file = path.join(docs, 'vehicles.md')
  fs.writeFileSync(file, SERVICING)
  const dir = path.join(tempDir(), 'lib')
  const lib = await Library.open(dir, opts.embedder ? { embedder: opts.embedder } : { modelDir: null })
  open.push(lib)
  await lib.ingest([docs])
  return { lib, file, docs }
}

/** A model that answers every chunk with a header naming the fleet handbook (a word the text lacks). */
async function fakeModel(reply: (req: ChatRequestBody, index: number) => object = () => ({})) {
  const fake = await startFakeOllama({
    models: [{ name: MODEL, contextLength: 4096 }],
    chat: (req, index) => ({
      tokens: splitTokens(`From the Zeppelin fleet handbook, section ${sectionOf(req)}.`),
      ...reply(req, index),
    }),
  })
  open.push(fake)
  const client = new OllamaClient({ host: fake.url })
  return { fake, model: { chat: client.streamChat.bind(client), model: MODEL } }
}

const sectionOf = (req: ChatRequestBody) =>
  /Section: (.*)/.exec(req.messages[1]?.content ?? '')?.[1] ?? 'none'
const passageOf = (req: ChatRequestBody) => req.messages[1]?.content.split('Passage:\n')[1] ?? ''
const headers = (lib: Library) =>
  (lib.db.prepare('SELECT context_header FROM chunks ORDER BY id').pluck().all() as (string | null)[]).filter(
    (h) => h !== null,
  )

describe('contextual chunk headers', () => {
  it('are off by default: an import asks the model nothing and stores no header', async () => {
    const { fake } = await fakeModel()
    const { lib } = await library()
    expect(fake.chats).toHaveLength(0)
    expect(headers(lib)).toEqual([])
    expect(new ChunkContext(lib.db).pendingCount()).toBeGreaterThan(0)
  })

  it('asks once per chunk, stores the line beside it and finds it by a word only the header has', async () => {
    const { fake, model } = await fakeModel()
    const { lib } = await library()
    const chunks = new ChunkContext(lib.db).pendingCount()
    expect((await lib.search('zeppelin')).results).toHaveLength(0)

    const report = await lib.generateContextHeaders(model)
    expect(report).toMatchObject({ generated: chunks, modelCalls: chunks, remaining: 0, problem: null })
    expect(fake.chats).toHaveLength(chunks)
    expect(fake.chats.every((c) => c.body.messages[0]?.content === CONTEXT_HEADER_SYSTEM_PROMPT)).toBe(true)
    expect(fake.chats[0]!.body.messages[1]!.content).toMatch(/^Document: Automobile servicing\nSection: /)
    expect(headers(lib)).toContain('From the Zeppelin fleet handbook, section Tyres.')

    const found = await lib.search('zeppelin tyres')
    expect(found.declined).toBe(false)
    expect(found.results[0]!.text).toMatch(/Tyre pressure/)
    // The keyword index holds exactly what its source says (FTS5's content check included).
    expect(fullCheck(lib.db)).toMatchObject({ ok: true })

    // A second run has nothing to ask.
    const again = await lib.generateContextHeaders(model)
    expect(again).toMatchObject({ generated: 0, modelCalls: 0, remaining: 0 })
    expect(fake.chats).toHaveLength(chunks)
  })

  it('resumes after an interruption without asking again for the headers it stored', async () => {
    // The model fails from its third request on (as a stopped Ollama would).
    const { fake, model } = await fakeModel((_req, index) =>
      index >= 2 ? { status: 500, error: 'gone' } : {},
    )
    const { lib } = await library()
    const chunks = new ChunkContext(lib.db).pendingCount()
    expect(chunks).toBeGreaterThan(2)

    const first = await lib.generateContextHeaders(model)
    expect(first.problem).not.toBeNull()
    expect(first).toMatchObject({ generated: 2, modelCalls: 3, remaining: chunks - 2 })
    expect(headers(lib)).toHaveLength(2)

    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: (req) => ({
        tokens: splitTokens(`From the Zeppelin fleet handbook, section ${sectionOf(req)}.`),
      }),
    })
    const second = await lib.generateContextHeaders(model)
    expect(second).toMatchObject({
      generated: chunks - 2,
      modelCalls: chunks - 2,
      remaining: 0,
      problem: null,
    })
    const asked = fake.chats.filter((c) => c.body.messages[0]?.content === CONTEXT_HEADER_SYSTEM_PROMPT)
    // Every chunk was answered once; only the failed request's chunk was asked twice.
    const passages = asked.map((c) => passageOf(c.body))
    expect(new Set(passages).size).toBe(chunks)
    expect(passages).toHaveLength(chunks + 1)
    expect(headers(lib)).toHaveLength(chunks)
  })

  it('are written again for the new chunks of a re-indexed document', async () => {
    const { fake, model } = await fakeModel()
    const { lib, file, docs } = await library()
    const before = (await lib.generateContextHeaders(model)).modelCalls
    fs.writeFileSync(file, SERVICING + section('Lights', 'Headlights are aimed at every inspection.', 'lamp'))
    await lib.ingest([docs])
    const pending = new ChunkContext(lib.db).pendingCount()
    expect(pending).toBeGreaterThan(0)
    const after = await lib.generateContextHeaders(model)
    expect(after).toMatchObject({ generated: pending, modelCalls: pending, remaining: 0 })
    expect(fake.chats).toHaveLength(before + pending)
    expect(headers(lib)).toContain('From the Zeppelin fleet handbook, section Lights.')
    expect((await lib.search('zeppelin headlights')).results[0]!.text).toMatch(/Headlights/)
  })

  it('are embedded with the chunk they describe', async () => {
    const embedded: string[] = []
    const recording: Embedder = {
      modelId: 'test/recording',
      dim: 4,
      embed: async (texts) => {
        embedded.push(...texts)
        return texts.map((_, i) => Float32Array.from([1, i % 2, 0, 0.5]))
      },
      dispose: async () => undefined,
    }
    const { model } = await fakeModel()
    const { lib } = await library({ embedder: recording })
    embedded.length = 0
    const report = await lib.generateContextHeaders(model)
    expect(embedded).toHaveLength(report.generated)
    expect(embedded).toContainEqual(
      expect.stringMatching(/^From the Zeppelin fleet handbook, section Tyres\.\n/),
    )
    expect(lib.vectorsMissing()).toBe(0)
  })

  it('are stored only once the vectors embedded with them are saved', async () => {
    const same: Embedder = {
      modelId: 'test/same',
      dim: 4,
      embed: async (texts) => texts.map(() => Float32Array.from([0.5, 0.5, 0.5, 0.5])),
      dispose: async () => undefined,
    }
    const { model } = await fakeModel()
    const { lib } = await library({ embedder: same })
    const storedAtProgress: number[] = []
    const report = await lib.generateContextHeaders(model, {
      saveEveryMs: 3_600_000,
      onProgress: (done) => {
        if (done > 0) storedAtProgress.push(headers(lib).length)
      },
    })
    // A crash before the save would find no header whose vector lacks it; all are stored at the end.
    expect(storedAtProgress).toEqual([0])
    expect(headers(lib)).toHaveLength(report.generated)
  })

  it('in keyword mode are stored batch by batch', async () => {
    const { model } = await fakeModel()
    const { lib } = await library()
    const storedAtProgress: number[] = []
    const report = await lib.generateContextHeaders(model, {
      saveEveryMs: 3_600_000,
      onProgress: (done) => {
        if (done > 0) storedAtProgress.push(headers(lib).length)
      },
    })
    expect(storedAtProgress).toEqual([report.generated])
  })
})

describe('cleanContextHeader', () => {
  it('keeps the first line, without thinking or quotes, at most 40 words', () => {
    expect(cleanContextHeader('<think>hmm</think>\n\n"From the handbook, on tyres."\nMore.')).toBe(
      'From the handbook, on tyres.',
    )
    expect(cleanContextHeader(Array.from({ length: 60 }, () => 'word').join(' ')).split(' ')).toHaveLength(40)
    expect(cleanContextHeader('  \n')).toBe('')
  })
})
