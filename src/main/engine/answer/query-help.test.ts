// Query help against the fake Ollama and a real library: the model's other wordings (or its
// hypothetical passage) are searched beside the question and shown in the trace; a model slower
// than the budget is stopped and the question searched alone, saying so; the decision to decline
// stays the question's own.
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  splitTokens,
  startFakeOllama,
  type ChatRequestBody,
  type FakeOllama,
} from '@tests/fake-ollama/index.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { ConversationStore } from '../chat/conversation-store.js'
import { Library } from '../library.js'
import { Answerer } from './answerer.js'
import {
  cleanAlternatives,
  cleanHypothetical,
  EXPAND_SYSTEM_PROMPT,
  HYDE_SYSTEM_PROMPT,
} from './query-help.js'

const MODEL = 'llama3.2:3b'
const tempDir = useTempDirs()
const open: { close(): Promise<unknown> }[] = []
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close()
})

async function library(): Promise<Library> {
  const docs = tempDir()
  fs.writeFileSync(
    path.join(docs, 'vehicles.md'),
    '# Automobile servicing\n\nEngine oil in an automobile is changed every 15000 kilometres by the workshop.\n\n# Tyres\n\nTyre pressure is checked monthly; winter tyres are fitted in November.\n',
  )
  const lib = await Library.open(path.join(tempDir(), 'lib'), { modelDir: null })
  await lib.ingest([docs])
  open.push(lib)
  return lib
}

async function fakeModel(chat: (req: ChatRequestBody) => { tokens: string[]; delayMs?: number }) {
  const fake: FakeOllama = await startFakeOllama({ models: [{ name: MODEL, contextLength: 4096 }], chat })
  open.push(fake)
  return fake
}

const isExpand = (req: ChatRequestBody) => req.messages[0]?.content === EXPAND_SYSTEM_PROMPT
const isHyde = (req: ChatRequestBody) => req.messages[0]?.content === HYDE_SYSTEM_PROMPT

describe('query help in an answer', () => {
  it('searches the wordings the model wrote beside the question and shows them', async () => {
    const lib = await library()
    const fake = await fakeModel((req) =>
      isExpand(req)
        ? {
            tokens: splitTokens(
              '1. How often is the engine oil changed in an automobile?\n2. oil change interval\n',
            ),
          }
        : { tokens: splitTokens('Every 15000 kilometres [1].') },
    )
    const answerer = new Answerer({
      search: lib.search,
      conversations: new ConversationStore(lib.db),
      ollama: { host: fake.url, model: MODEL },
      queryHelp: { mode: 'expand' },
    })
    const { message } = await answerer.ask('How often should I swap the motor lubricant?')
    expect(message.trace.queryHelp).toMatchObject({
      mode: 'expand',
      model: MODEL,
      queries: ['How often is the engine oil changed in an automobile?', 'oil change interval'],
      skipped: null,
    })
    expect(message.trace.stages).toContainEqual({
      stage: 'also-searched',
      queries: ['How often is the engine oil changed in an automobile?', 'oil change interval'],
    })
    expect(message.sources.map((s) => s.text).join(' ')).toMatch(/15000 kilometres/)
  })

  it('is skipped, and says so, when the model is slower than its budget', async () => {
    const lib = await library()
    const fake = await fakeModel((req) =>
      isHyde(req)
        ? { tokens: splitTokens('Engine oil is changed every so often by the workshop team.'), delayMs: 2000 }
        : { tokens: splitTokens('Every 15000 kilometres [1].') },
    )
    const answerer = new Answerer({
      search: lib.search,
      conversations: new ConversationStore(lib.db),
      ollama: { host: fake.url, model: MODEL },
      queryHelp: { mode: 'hyde', budgetMs: 100 },
    })
    const started = performance.now()
    const { message } = await answerer.ask('How often is the engine oil changed?')
    expect(message.trace.queryHelp).toMatchObject({
      mode: 'hyde',
      queries: [],
      skipped: 'budget',
      budgetMs: 100,
    })
    expect(message.trace.stages).toBeUndefined()
    expect(message.declined).toBe(false)
    // Stopped at the budget: the slow reply's eleven tokens of 2 s each were never waited for.
    expect(performance.now() - started).toBeLessThan(15_000)
  })

  it('never makes a question the library cannot answer look answered', async () => {
    const lib = await library()
    const alone = await lib.search('What is the airline baggage allowance?')
    const helped = await lib.search('What is the airline baggage allowance?', {
      alsoSearch: ['automobile engine oil tyres workshop'],
    })
    expect(alone.declined).toBe(true)
    expect(helped.declined).toBe(true)
    // The model's words found passages the question did not; they cover none of the question.
    expect(helped.results.length).toBeGreaterThan(alone.results.length)
    expect(helped.decision).toMatchObject({ declined: true, coverage: 0 })
    expect(helped.stages).toEqual([
      { stage: 'also-searched', queries: ['automobile engine oil tyres workshop'] },
    ])
  })
})

describe('cleaning the model reply', () => {
  it('keeps up to three wordings, without numbering, quotes or the question itself', () => {
    expect(
      cleanAlternatives(
        '1. "Oil change interval"\n- How often is oil changed?\nhow often?\n\n2) a\n4. four\n5. five',
        'How often?',
      ),
    ).toEqual(['Oil change interval', 'How often is oil changed?', 'four'])
  })

  it('cuts a hypothetical passage to 100 words and drops thinking', () => {
    const long = Array.from({ length: 150 }, (_, i) => `w${i}`).join(' ')
    expect(cleanHypothetical(`<think>hmm</think>${long}`)!.split(' ')).toHaveLength(100)
    expect(cleanHypothetical('ok')).toBeNull()
  })
})
