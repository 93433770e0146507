import { describe, expect, it } from 'vitest'
import { buildAnswerPrompt } from './build-prompt.js'
import { packPassages } from './pack-passages.js'
import { pagesLabel } from '@shared/labels.js'
import { formatSourceBlock } from './prompt-text.js'
import { hit } from '@tests/helpers/search-hits.js'
import { estimateMessagesTokens } from './token-estimate.js'

const words = (n: number, seed = 'word') => Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ') + '.'

describe('pagesLabel', () => {
  it('writes single pages, ranges and gaps', () => {
    expect(pagesLabel([3])).toBe('p. 3')
    expect(pagesLabel([4, 3])).toBe('pp. 3–4')
    expect(pagesLabel([3, 5, 6])).toBe('pp. 3, 5–6')
    expect(pagesLabel([])).toBe('page unknown')
  })
})

describe('formatSourceBlock', () => {
  it('carries number, file name and pages', () => {
    expect(formatSourceBlock(2, { file: '/a/b/report.pdf', pages: [7, 8], text: ' Text. ' })).toBe(
      '[2] report.pdf, pp. 7–8\nText.',
    )
  })
})

describe('packPassages', () => {
  it('keeps rank order and stops at the first passage that does not fit', () => {
    const hits = [hit(1, words(50, 'a')), hit(2, words(400, 'b')), hit(3, words(10, 'c'))]
    const packed = packPassages(hits, 200)
    expect(packed.sources.map((s) => s.chunkId)).toEqual([101])
    expect(packed.omitted.map((h) => h.chunkId)).toEqual([102, 103])
    expect(packed.truncatedTop).toBe(false)
    expect(packed.tokens).toBeLessThanOrEqual(200)
  })

  it('packs everything when it fits, numbering from 1', () => {
    const packed = packPassages([hit(1, 'One.'), hit(2, 'Two.')], 1000)
    expect(packed.sources.map((s) => s.n)).toEqual([1, 2])
    expect(packed.omitted).toEqual([])
  })

  it('shortens the top passage, visibly, when nothing else fits', () => {
    const packed = packPassages([hit(1, words(2000)), hit(2, 'x')], 300)
    expect(packed.truncatedTop).toBe(true)
    expect(packed.sources).toHaveLength(1)
    expect(packed.sources[0]!.text.endsWith('…')).toBe(true)
    expect(packed.omitted).toHaveLength(1)
    expect(packed.tokens).toBeLessThanOrEqual(300)
  })

  it('gives up when not even a sentence fits', () => {
    const packed = packPassages([hit(1, words(100))], 5)
    expect(packed.sources).toEqual([])
    expect(packed.omitted).toHaveLength(1)
  })
})

describe('buildAnswerPrompt', () => {
  const hits = Array.from({ length: 12 }, (_, i) => hit(i + 1, words(300, `p${i}x`)))

  it('never exceeds the window: prompt plus answer room fit in num_ctx, the rest is reported omitted', () => {
    for (const window of [2048, 4096, 8192, 32768]) {
      const p = buildAnswerPrompt('What was produced?', hits, { window, answerTokens: 1024 })
      expect(p.promptTokens + p.answerTokens).toBeLessThanOrEqual(p.numCtx)
      expect(p.numCtx).toBeLessThanOrEqual(window)
      expect(p.sources.length + p.omitted.length).toBe(hits.length)
      // Nothing silently truncated: every packed passage is in the prompt whole.
      for (const s of p.sources) expect(p.messages[1]!.content).toContain(s.text)
      expect(estimateMessagesTokens(p.messages)).toBe(p.promptTokens)
    }
  })

  it('fits more passages into a larger window', () => {
    const small = buildAnswerPrompt('q', hits, { window: 4096, answerTokens: 1024 })
    const large = buildAnswerPrompt('q', hits, { window: 16384, answerTokens: 1024 })
    expect(large.sources.length).toBeGreaterThan(small.sources.length)
    expect(small.omitted.length).toBeGreaterThan(0)
  })

  it('puts the rules in the system message and the numbered sources and question in the user message', () => {
    const p = buildAnswerPrompt('How many tonnes?', [hit(1, 'It made 4,200 tonnes.', { pages: [12] })], {
      window: 4096,
      answerTokens: 512,
    })
    expect(p.messages[0]!.role).toBe('system')
    expect(p.messages[0]!.content).toMatch(/only the numbered sources/)
    expect(p.messages[0]!.content).toMatch(/\[1\]/)
    expect(p.messages[0]!.content).toMatch(/reply with exactly NO_ANSWER_IN_SOURCES/)
    expect(p.messages[1]!.content).toContain('[1] annual-report.pdf, p. 12\nIt made 4,200 tonnes.')
    expect(p.messages[1]!.content).toContain('Question: How many tonnes?')
    // num_ctx is the whole window, whatever the prompt's size: one size, no model reloads.
    expect(p.numCtx).toBe(4096)
  })

  it('shrinks the answer room for a tiny model instead of leaving no room for sources', () => {
    const p = buildAnswerPrompt('q', [hit(1, 'Short passage about steel output.')], {
      window: 1024,
      answerTokens: 1024,
    })
    expect(p.answerTokens).toBeLessThanOrEqual(341)
    expect(p.sources).toHaveLength(1)
    expect(p.numCtx).toBe(1024)
  })
})

describe('packing for laptop-sized contexts', () => {
  // Six passages of about 320 words (the size merged passages reach), one sentence per fact.
  const passage = (i: number) =>
    Array.from({ length: 20 }, (_, s) =>
      s === 7
        ? `The harbour tide at berth ${i} reaches 4.${i} metres at spring tide according to the survey.`
        : `Filler sentence ${s} of passage ${i} talks about moorings, visitors and office hours in general terms.`,
    ).join(' ')
  const hits = Array.from({ length: 6 }, (_, i) => hit(i + 1, passage(i + 1)))

  it('a 2048-token model keeps at least four sources, each trimmed to its relevant sentences', () => {
    const question = 'How high does the harbour tide reach at spring tide?'
    const prompt = buildAnswerPrompt(question, hits, { window: 2048, answerTokens: 1024 })
    expect(prompt.sources.length).toBeGreaterThanOrEqual(4)
    expect(prompt.trimmed).toBe(prompt.sources.length)
    expect(prompt.numCtx).toBe(2048)
    expect(prompt.promptTokens + prompt.answerTokens).toBeLessThanOrEqual(2048)
    const request = prompt.messages[1]!.content
    // The sentence that answers is in the prompt for each kept source, with its neighbours.
    for (let i = 1; i <= prompt.sources.length; i++) {
      expect(request).toContain(`The harbour tide at berth ${i} reaches 4.${i} metres`)
      expect(request).toContain(`Filler sentence 6 of passage ${i}`)
    }
    expect(request).toContain(`… Filler sentence 6 of passage 1`)
    // Citations keep the whole passage: the viewer highlights it on the page.
    expect(prompt.sources[0]!.text).toBe(hits[0]!.text)
  })

  it('whole passages go in untouched when they fit', () => {
    const prompt = buildAnswerPrompt('spring tide?', hits.slice(0, 2), { window: 8192, answerTokens: 1024 })
    expect(prompt.trimmed).toBe(0)
    expect(prompt.messages[1]!.content).toContain(hits[1]!.text)
  })
})
