// The scope of an answer, end to end on a real library: the documents ticked, a collection, a
// document the question names. Real PDFs in a temp folder, the real search; no model is needed
// (retrieval-only answers), except where a stand-in embedder makes every passage read alike.
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { deadOllamaUrl, startFakeOllama } from '@tests/fake-ollama/index.js'
import { makeTextPdf, paragraphLines, type TextPdfSpec } from '@tests/fixtures/pdf-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { declineReason } from '@shared/decline-reason.js'
import { scopeLine } from '@shared/search-scope.js'
import type { Embedder } from '../embed/embedder.js'
import { exportConversationMarkdown } from '../chat/export-markdown.js'
import { OpenLibrary } from './open-library.js'

const tempDir = useTempDirs()
const opened: OpenLibrary[] = []
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close()
})

function paperSpec(title: string, sections: [string, string[]][]): TextPdfSpec {
  return {
    title,
    pages: sections.map(([heading, sentences]) => ({
      lines: [{ text: heading, size: 16 }, ...paragraphLines(sentences)],
    })),
  }
}

/** A survival-analysis vignette that never uses the word "hurdle" (a dozen sections, as a real one has). */
const SURVIVAL = paperSpec('Survival analysis in R', [
  [
    'Introduction',
    [
      'The survival package fits models to time-to-event data with censoring.',
      'A Cox proportional hazards model relates the hazard to covariates.',
    ],
  ],
  [
    'Fitting a model',
    [
      'The coxph function fits the model and reports hazard ratios.',
      'Each model term has a coefficient and a standard error.',
    ],
  ],
  [
    'Kaplan-Meier curves',
    [
      'The survfit function estimates survival curves for each stratum.',
      'Censored observations are marked on the curve.',
    ],
  ],
  ...[
    'Strata',
    'Frailty',
    'Residuals',
    'Time-dependent covariates',
    'Competing risks',
    'Parametric fits',
  ].map((heading, i): [string, string[]] => [
    heading,
    [
      `Section ${i + 4} describes ${heading.toLowerCase()} for the Cox regression of the lung cancer data.`,
      'Patients enter the study at diagnosis and are followed until death or the end of follow-up.',
      'The baseline hazard of the model is left unspecified and its partial likelihood is maximised.',
    ],
  ]),
])

/** A count-data vignette about hurdle and zero-inflated models. */
const COUNTREG = paperSpec('Regression Models for Count Data in R', [
  [
    'Hurdle models',
    [
      'A hurdle model combines a binary model for zero counts with a truncated count model for positive counts.',
      'The hurdle function in pscl fits hurdle models with Poisson or negative binomial counts.',
    ],
  ],
  [
    'Zero-inflated models',
    [
      'Zero-inflated models mix a point mass at zero with a count distribution.',
      'The zeroinfl function fits zero-inflated Poisson and negative binomial models.',
    ],
  ],
  [
    'Applications',
    [
      'Demand for medical care is modelled with the number of physician office visits.',
      'The hurdle model captures the excess of zero visits in the data.',
    ],
  ],
])

/** Every text embeds to the same vector: every passage reads exactly like every question. */
const alike: Embedder = {
  modelId: 'test/alike',
  dim: 4,
  embed: async (texts) => texts.map(() => Float32Array.from([0.5, 0.5, 0.5, 0.5])),
  dispose: async () => undefined,
}

async function library(opts: { embedder?: Embedder; files?: Record<string, TextPdfSpec> } = {}) {
  const root = tempDir('quire-scope-')
  const docs = path.join(root, 'docs')
  fs.mkdirSync(docs)
  const files = opts.files ?? { 'survival.pdf': SURVIVAL, 'pscl-countreg.pdf': COUNTREG }
  for (const [name, spec] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(docs, name)), { recursive: true })
    fs.writeFileSync(path.join(docs, name), await makeTextPdf(spec))
  }
  const owner = await OpenLibrary.open(path.join(root, 'library'), {
    ...(opts.embedder ? { embedder: opts.embedder } : {}),
    answers: { ollama: { host: await deadOllamaUrl() } },
  })
  opened.push(owner)
  const report = await owner.library.ingest([docs])
  expect(report.documents.every((d) => d.status === 'indexed')).toBe(true)
  const id = (name: string) =>
    owner.library.documents().find((d) => d.path.endsWith(`${path.sep}${name}`))!.id
  return { owner, id, docs }
}

describe('a question searched in the documents ticked', () => {
  it('declines "What is a hurdle model?" with only survival.pdf ticked, even when passages read alike', async () => {
    const { owner, id } = await library({ embedder: alike })
    const result = await owner.ask('What is a hurdle model?', { documentIds: [id('survival.pdf')] })
    const m = result.message
    expect(m.declined).toBe(true)
    expect(m.trace.decision?.outOfScope).toEqual(['hurdle'])
    expect(declineReason(m.trace.decision)).toBe(
      'The documents searched never mention “hurdle”; other documents in the library do.',
    )
    // What was searched is recorded with the answer and said on it.
    expect(m.trace.scope).toEqual({
      kind: 'documents',
      documentIds: [id('survival.pdf')],
      names: ['survival.pdf'],
    })
    expect(scopeLine(m.trace.scope!)).toBe('Searched only survival.pdf')
    // The same question over the whole library finds the hurdle vignette.
    const all = await owner.ask('What is a hurdle model?', {})
    expect(all.message.declined).toBe(false)
    expect(all.message.sources[0]!.file).toMatch(/pscl-countreg\.pdf$/)
  })

  it('weighs the question by the documents searched: a word only other documents use is missing there', async () => {
    const { owner, id } = await library()
    const scoped = await owner.search('What is a hurdle model?', {
      scope: { kind: 'documents', documentIds: [id('survival.pdf')] },
    })
    expect(scoped.declined).toBe(true)
    expect(scoped.decision?.missing).toEqual(['hurdle'])
    const whole = await owner.search('What is a hurdle model?')
    expect(whole.decision?.missing).toEqual([])
  })
})

describe('collections', () => {
  it('a conversation in a collection searches only it, and each answer and the export say so', async () => {
    const { owner, id } = await library()
    const collection = owner.collections.create('Case 14')
    owner.collections.add(collection.id, [id('survival.pdf')])
    const first = await owner.ask('How does the coxph function fit a model?', { collectionId: collection.id })
    expect(first.message.declined).toBe(false)
    expect(first.message.trace.scope).toEqual({
      kind: 'collection',
      collectionId: collection.id,
      name: 'Case 14',
      documents: 1,
    })
    expect(scopeLine(first.message.trace.scope!)).toBe('Searched Case 14: 1 document')
    const conversationId = first.message.conversationId
    expect(owner.collections.collectionOf(conversationId)).toBe(collection.id)
    // A follow-up in the same conversation stays in the collection: the hurdle vignette is not searched.
    const next = await owner.ask('What is a hurdle model?', { conversationId })
    expect(next.message.trace.scope).toMatchObject({ kind: 'collection', name: 'Case 14' })
    expect(next.message.sources.every((s) => s.file.endsWith('survival.pdf'))).toBe(true)
    const store = owner.conversations
    const markdown = exportConversationMarkdown(store.require(conversationId), store.messages(conversationId))
    expect(markdown).toContain('Searched Case 14: 1 document')
  })

  it('keeps documents in the library when a collection is deleted, and its conversations search everything', async () => {
    const { owner, id } = await library()
    const c = owner.collections.create('Case 14')
    owner.collections.add(c.id, [id('survival.pdf'), id('pscl-countreg.pdf')])
    const asked = await owner.ask('What is a hurdle model?', { collectionId: c.id })
    owner.collections.delete(c.id)
    expect(owner.library.documents()).toHaveLength(2)
    expect(owner.collections.collectionOf(asked.message.conversationId)).toBeNull()
    expect(owner.scopeOf({ conversationId: asked.message.conversationId }).scope.kind).toBe('library')
  })

  it('a re-indexed document stays in its collections; a removed one leaves them', async () => {
    const { owner, id, docs } = await library()
    const c = owner.collections.create('Case 14')
    owner.collections.add(c.id, [id('survival.pdf'), id('pscl-countreg.pdf')])
    const survival = id('survival.pdf')
    // A changed file at the same path is re-indexed under the same id.
    fs.writeFileSync(
      path.join(docs, 'survival.pdf'),
      await makeTextPdf({ ...SURVIVAL, title: 'Survival, 2nd ed.' }),
    )
    await owner.library.ingest([path.join(docs, 'survival.pdf')])
    expect(id('survival.pdf')).toBe(survival)
    expect(owner.collections.documentIds(c.id)).toContain(survival)
    owner.library.remove(id('pscl-countreg.pdf'))
    expect(owner.collections.documentIds(c.id)).toEqual([survival])
    expect(owner.collections.require(c.id).documents).toBe(1)
  })

  it('imports into a collection, and refuses a name another collection has, whatever its case', async () => {
    const { owner, docs } = await library()
    const c = owner.collections.create('Case 14')
    expect(() => owner.collections.create('case 14')).toThrow(/already a collection named "case 14"/)
    expect(() => owner.collections.create('   ')).toThrow(
      expect.objectContaining({ code: 'COLLECTION_NAME_INVALID' }),
    )
    const extra = path.join(docs, 'more')
    fs.mkdirSync(extra)
    fs.writeFileSync(
      path.join(extra, 'notes.pdf'),
      await makeTextPdf(
        paperSpec('Notes', [
          ['Meeting notes', ['The committee met on Tuesday and agreed on the budget for the study.']],
        ]),
      ),
    )
    const report = await owner.importBatch([extra], { collectionId: c.id })
    expect(report.documents.map((d) => d.status)).toEqual(['indexed'])
    expect(owner.collections.require(c.id).documents).toBe(1)
    // The same file again is skipped as already there, and still goes into the next collection.
    const other = owner.collections.create('Case 15')
    await owner.importBatch([extra], { collectionId: other.id })
    expect(owner.collections.require(other.id).documents).toBe(1)
  })
})

describe('a question that names a document', () => {
  it('"Summarize the whole pscl-countreg.pdf document" is summarised from that document only, and says so', async () => {
    const fake = await startFakeOllama()
    try {
      const { owner, id } = await library()
      owner.configureAnswers({ ollama: { host: fake.url } })
      const m = (await owner.ask('Summarize the whole pscl-countreg.pdf document', {})).message
      expect(m.trace.scope).toMatchObject({ kind: 'named', documentIds: [id('pscl-countreg.pdf')] })
      expect(scopeLine(m.trace.scope!)).toBe('Searched only pscl-countreg.pdf')
      expect(m.citations.length).toBeGreaterThan(0)
      expect(m.citations.every((c) => c.file.endsWith('pscl-countreg.pdf'))).toBe(true)
    } finally {
      await fake.close()
    }
  })

  it('"What is the pscl-countreg.pdf paper about?" is answered from its opening passages only', async () => {
    const { owner, id } = await library()
    const m = (await owner.ask('What is the pscl-countreg.pdf paper about?', {})).message
    expect(m.declined).toBe(false)
    expect(m.trace.scope).toMatchObject({ kind: 'named', documentIds: [id('pscl-countreg.pdf')] })
    expect(m.sources.length).toBeGreaterThan(0)
    expect(m.sources.every((s) => s.file.endsWith('pscl-countreg.pdf'))).toBe(true)
    // Its opening passages, in reading order.
    expect(m.sources[0]!.text).toContain('A hurdle model combines')
  })

  it('searches only the document a question names by its name and a document noun', async () => {
    const { owner } = await library()
    const result = await owner.ask('What does the survival vignette say about the coxph function?', {})
    expect(scopeLine(result.message.trace.scope!)).toBe('Searched only survival.pdf')
    expect(result.message.sources.every((s) => s.file.endsWith('survival.pdf'))).toBe(true)
  })

  it('asks which document is meant when several have the name', async () => {
    const { owner, id } = await library({
      files: { 'a/notes.pdf': SURVIVAL, 'b/notes.pdf': COUNTREG },
    })
    const result = await owner.ask('What does notes.pdf say about hazards?', {})
    const m = result.message
    expect(m.trace.scope).toEqual({
      kind: 'ambiguous',
      said: 'notes.pdf',
      candidates: [
        { documentId: id(path.join('a', 'notes.pdf')), name: 'notes.pdf (in a)' },
        { documentId: id(path.join('b', 'notes.pdf')), name: 'notes.pdf (in b)' },
      ],
    })
    expect(m.text).toBe(
      'Which document do you mean by "notes.pdf": notes.pdf (in a) or notes.pdf (in b)? Ask again with its file name, or choose it.',
    )
    expect(m.sources).toEqual([])
  })
})

describe('the owner of an open library', () => {
  it('rebuilds its conversations, collections and answerer on a reopened library: no callback to follow', async () => {
    const { owner } = await library()
    const c = owner.collections.create('Case 14')
    const before = { answerer: owner.answerer, conversations: owner.conversations, library: owner.library }
    await owner.reopen(null)
    expect(owner.library).not.toBe(before.library)
    expect(owner.answerer).not.toBe(before.answerer)
    expect(owner.conversations).not.toBe(before.conversations)
    expect(owner.collections.require(c.id).name).toBe('Case 14')
    const answered = await owner.ask('What is a hurdle model?', { collectionId: c.id })
    expect(answered.message.trace.scope).toMatchObject({ kind: 'collection', name: 'Case 14', documents: 0 })
  })
})
