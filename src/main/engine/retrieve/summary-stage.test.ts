import { describe, expect, it } from 'vitest'
import { ECHO_MODEL, useHandbookWithEchoModel } from '@tests/helpers/handbook-library.js'
import { OllamaClient } from '../generate/ollama-client.js'
import { Summarizer } from '../summarize/summarizer.js'
import { isBroadQuestion } from './summary-stage.js'

// Section summaries found by broad questions, on a real library: given first when a broad
// question matches one; every other search is exactly what it was before summaries existed.

const BROAD = 'What are the main findings about the duty engineer checks of the impeller?'
const NARROW = 'How often is the impeller of unit 35 checked?'
const env = useHandbookWithEchoModel()

async function summarise(): Promise<void> {
  const client = new OllamaClient({ host: env.fake.url, model: ECHO_MODEL })
  const r = await new Summarizer(env.lib.db, () => client).summarize(env.lib.documents()[0]!.id)
  expect(r.run.outcome).toBe('complete')
}

describe('section summaries in search', () => {
  it('tells broad questions from questions after one fact', () => {
    expect(isBroadQuestion(BROAD)).toBe(true)
    expect(isBroadQuestion('What does the report conclude about pumps?')).toBe(true)
    expect(isBroadQuestion(NARROW)).toBe(false)
  })

  it('a broad question gets the matching section summary first, citing its pages', async () => {
    const before = await env.lib.search(BROAD)
    expect(before.stages).toBeUndefined()
    await summarise()
    const after = await env.lib.search(BROAD)
    const top = after.results[0]!
    expect(top.text).toMatch(/^Summary of (the section “.+”|a section): /)
    expect(top.pages.length).toBeGreaterThan(0)
    expect(after.stages).toEqual([expect.objectContaining({ stage: 'summaries' })])
    // The document passages follow in their own order, and the decision is theirs.
    expect(after.results.slice(1).map((h) => h.chunkId)).toEqual(
      before.results
        .filter((h) => h.chunkId !== top.chunkId)
        .slice(0, after.results.length - 1)
        .map((h) => h.chunkId),
    )
    expect(after.declined).toBe(before.declined)
  })

  it('questions after one fact search exactly as before', async () => {
    const before = await env.lib.search(NARROW)
    await summarise()
    expect(await env.lib.search(NARROW)).toEqual(before)
  })
})
