import fs from 'node:fs'
import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { echoSourcesReply, type ChatRequestBody } from '@tests/fake-ollama/index.js'
import {
  ECHO_MODEL,
  HANDBOOK_PAGES,
  handbookFact,
  useHandbookWithEchoModel,
} from '@tests/helpers/handbook-library.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { findCitationMarkers, stripCitationMarkers } from '@shared/citation-markers.js'
import { OllamaClient } from '../generate/ollama-client.js'
import { estimateMessagesTokens } from '../generate/token-estimate.js'
import { INDEX_VERSION } from '../store/index-version.js'
import { SectionSummaries } from '../store/section-summaries.js'
import { Summarizer, type SummaryResult } from './summarizer.js'

// Summaries of a real 24-page PDF through the real pipeline, with Ollama played by the fake server
// at a 4k context. The echo model repeats the first sentence of every numbered source it is given,
// with its number, so each summary sentence can be traced to the page it claims.

const tempDir = useTempDirs()
const env = useHandbookWithEchoModel()
let documentId: number

beforeEach(() => {
  documentId = env.lib.documents()[0]!.id
})

function summarizer(): Summarizer {
  const client = new OllamaClient({ host: env.fake.url, model: ECHO_MODEL })
  return new Summarizer(env.lib.db, () => client)
}

/** The summary's lines, each with the pages its citations point at. */
function citedLines(r: SummaryResult): { text: string; pages: number[] }[] {
  return r.text.split('\n').map((line) => {
    const numbers = findCitationMarkers(line).flatMap((m) => m.numbers)
    const pages = numbers.flatMap((n) => r.citations.find((c) => c.n === n)?.pages ?? [])
    return { text: stripCitationMarkers(line).replace(/^- /, ''), pages }
  })
}

const flat = (s: string) => s.replace(/\s+/g, ' ').trim()
const chatBodies = () => env.fake.chats.map((c) => c.body)

describe('a cited summary of a real PDF', () => {
  it('summarises each section once, combines them, and every sentence cites the page it came from', async () => {
    const r = await summarizer().summarize(documentId)
    expect(r.run.outcome).toBe('complete')
    expect(r.run.sections).toBeGreaterThan(1)
    // One call per section plus the combining calls, nothing more.
    expect(r.run.sectionCalls).toBe(r.run.sections)
    expect(r.run.modelCalls).toBe(r.run.sectionCalls + r.run.combineCalls)
    expect(env.fake.chats).toHaveLength(r.run.modelCalls)
    expect(r.run.combineCalls).toBeGreaterThanOrEqual(1)

    const lines = citedLines(r)
    expect(lines.length).toBeGreaterThan(3)
    for (const line of lines) {
      expect(line.pages.length, line.text).toBeGreaterThan(0)
      // The echo model repeats a page's opening fact: the citation must point at that page.
      const page = /On page (\d+) /.exec(line.text)?.[1]
      if (page) expect(line.pages).toContain(Number(page))
    }
    // The echo model's sentences are its sources' own: each is found in a passage it cites.
    for (const line of r.text.split('\n')) {
      const said = flat(stripCitationMarkers(line).replace(/^- /, '').replace(/[.]$/, ''))
      const cited = findCitationMarkers(line).flatMap((m) => m.numbers)
      expect(
        cited.some((n) => flat(r.citations.find((c) => c.n === n)!.text).includes(said)),
        line,
      ).toBe(true)
    }
    expect(lines.some((l) => l.text.includes(handbookFact(1).replace(/\.$/, '')))).toBe(true)
  })

  it('never sends a request larger than the model context', async () => {
    const r = await summarizer().summarize(documentId)
    expect(r.window).toBe(4096)
    for (const body of chatBodies()) {
      const options = body.options as { num_ctx: number; num_predict: number }
      expect(options.num_ctx).toBe(4096)
      expect(estimateMessagesTokens(body.messages) + options.num_predict).toBeLessThanOrEqual(4096)
    }
  })

  it('a second summary of the same document makes no section calls (and no calls at all)', async () => {
    const first = await summarizer().summarize(documentId)
    const before = env.fake.chats.length
    const second = await summarizer().summarize(documentId)
    expect(second.run.sectionCalls).toBe(0)
    expect(second.run.modelCalls).toBe(0)
    expect(env.fake.chats.length).toBe(before)
    expect(second.text).toBe(first.text)
  })

  it('a summary stopped half-way resumes from the sections already done', async () => {
    const controller = new AbortController()
    let sectionsSeen = 0
    const stopped = await summarizer().summarize(documentId, {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.stage === 'sections' && ++sectionsSeen === 2) controller.abort()
      },
    })
    expect(stopped.run.outcome).toBe('stopped')
    expect(stopped.text).toBe('')
    const done = stopped.run.sectionCalls
    expect(done).toBe(2)

    const resumed = await summarizer().summarize(documentId)
    expect(resumed.run.outcome).toBe('complete')
    expect(resumed.run.sectionCalls).toBe(resumed.run.sections - done)
  })

  it('cites every sentence of a model that writes no citation numbers', async () => {
    env.fake.setScript({
      models: [{ name: ECHO_MODEL, contextLength: 4096 }],
      chat: (body: ChatRequestBody) => echoSourcesReply(body, { cite: false }),
    })
    const r = await summarizer().summarize(documentId)
    expect(r.run.outcome).toBe('complete')
    expect(r.run.inferredCitations).toBeGreaterThan(0)
    const lines = citedLines(r)
    expect(lines.length).toBeGreaterThan(3)
    for (const line of lines) {
      expect(line.pages.length, line.text).toBeGreaterThan(0)
      const page = /On page (\d+) /.exec(line.text)?.[1]
      if (page) expect(line.pages).toContain(Number(page))
    }
  })

  it('leaves out sentences that cite nothing and match no passage', async () => {
    env.fake.setScript({
      models: [{ name: ECHO_MODEL, contextLength: 4096 }],
      chat: (body: ChatRequestBody) => {
        const echoed = echoSourcesReply(body).tokens ?? []
        return {
          tokens: ['Here is a summary of everything:\n', ...echoed, '\nZebras enjoy quiet opera nights.'],
        }
      },
    })
    const r = await summarizer().summarize(documentId)
    expect(r.text).not.toMatch(/Zebras|Here is a summary/)
    expect(r.run.droppedSentences).toBeGreaterThan(0)
    for (const line of citedLines(r)) expect(line.pages.length).toBeGreaterThan(0)
  })

  it('stores section summaries by content, import version and model; re-indexing drops them', async () => {
    await summarizer().summarize(documentId)
    const store = new SectionSummaries(env.lib.db)
    const doc = env.lib.documents()[0]!
    const key = { sha256: doc.sha256, indexVersion: INDEX_VERSION, model: ECHO_MODEL }
    expect(store.sectionCount(key)).toBeGreaterThan(1)
    expect(store.sectionCount({ ...key, model: 'other:7b' })).toBe(0)
    expect(store.search('"duty engineer"', 5).length).toBeGreaterThan(0)

    // Marked as read by an older import, the document is read again when imported: a re-index.
    env.lib.db.prepare('UPDATE documents SET index_version = index_version - 1').run()
    await env.lib.ingest([doc.path])
    expect(env.lib.documents()[0]!.outdated).toBe(false)
    expect(store.sectionCount(key)).toBe(0)
    expect(store.hasAny()).toBe(false)
  })

  it('cites a document without pages by where its sentences are (its headings)', async () => {
    const dir = tempDir()
    const notes = path.join(dir, 'field-notes.md')
    const section = (h: string, topic: string) =>
      `## ${h}\n\n` +
      Array.from(
        { length: 12 },
        (_, i) => `The ${topic} samples of site ${i + 1} were logged and stored in the cold room.`,
      ).join(' ') +
      '\n\n'
    fs.writeFileSync(notes, `# Field notes\n\n${section('Sediment', 'sediment')}${section('Water', 'water')}`)
    await env.lib.ingest([notes])
    const doc = env.lib.documents().find((d) => d.path === notes)!
    const r = await summarizer().summarize(doc.id)
    expect(r.run.outcome).toBe('complete')
    expect(r.citations.length).toBeGreaterThan(0)
    for (const c of r.citations) {
      expect(c.pages).toEqual([])
      expect(c.locator).toMatch(/Field notes/)
    }
    for (const line of r.text.split('\n')) expect(findCitationMarkers(line).length).toBeGreaterThan(0)
  })

  it('says why when no model can be used, without calling one', async () => {
    env.fake.setScript({ models: [] })
    const r = await summarizer().summarize(documentId)
    expect(r.run.outcome).toBe('failed')
    expect(r.run.problem?.kind).toBe('model-missing')
    expect(env.fake.chats).toHaveLength(0)
  })

  it('refuses a document that is not in the library', async () => {
    await expect(summarizer().summarize(9999)).rejects.toMatchObject({ code: 'DOCUMENT_NOT_FOUND' })
  })

  it('the handbook has the pages the checks above rely on', () => {
    expect(env.lib.documents()[0]!.pages).toBe(HANDBOOK_PAGES)
  })
})
