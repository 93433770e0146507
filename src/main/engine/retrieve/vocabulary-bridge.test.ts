import { describe, expect, it } from 'vitest'
import { analyseQuestion, type Vocabulary } from './analyse-question.js'
import { namesAbsent, spelledOut } from './decide.js'
import { stem, tokenize } from './query-terms.js'
import { spellingVariants } from './spelling-variants.js'
import { tuningWith } from './tuning.js'
import { inWordNet, synonyms } from './wordnet.js'

/** A library vocabulary over a few passages, counted the way FTS5's porter tokenizer does. */
function vocabulary(passages: string[]): Vocabulary {
  const df = new Map<string, number>()
  for (const p of passages) for (const s of new Set(tokenize(p).map(stem))) df.set(s, (df.get(s) ?? 0) + 1)
  return { documentFrequency: (w) => df.get(w) ?? 0, chunkCount: () => passages.length }
}

describe('spellingVariants', () => {
  it('gives the other spelling both ways', () => {
    expect(spellingVariants('parameterisation')).toContain('parameterization')
    expect(spellingVariants('penalized')).toContain('penalised')
    expect(spellingVariants('colour')).toContain('color')
    expect(spellingVariants('centre')).toContain('center')
    expect(spellingVariants('modelling')).toContain('modeling')
  })
})

describe('analyseQuestion', () => {
  const vocab = vocabulary([
    'The Weibull parameterization differs from R.',
    'Set the axis to logscale for data spanning decades.',
    'Plain text.',
    'Mode 5 encodes at a bitrate of 15,000 bps.',
  ])

  it("searches a British spelling in the library's American one, and keeps nothing unseen", () => {
    const q = analyseQuestion('Which parameterisation does dweib use?', [], vocab)
    expect(q.terms.map((t) => t.word)).toContain('parameterization')
    expect(q.unseen).not.toContain('parameterisation')
  })

  it('lets the joined form of a hyphenated compound stand for its parts', () => {
    const q = analyseQuestion('How do I get a log-scale axis?', [], vocab)
    const log = q.terms.find((t) => t.word === 'log')!
    expect(log.alts?.map((a) => a.word)).toContain('logscale')
  })

  it('lets the closed form of two words typed open stand for them ("bit rate" → "bitrate")', () => {
    const q = analyseQuestion('Which bit rate does mode 5 give?', [], vocab)
    const bit = q.terms.find((t) => t.word === 'bit')!
    expect(bit.alts?.map((a) => a.word)).toContain('bitrate')
    expect(q.terms.find((t) => t.word === 'rate')!.alts?.map((a) => a.word)).toContain('bitrate')
    // Words apart in the question are no compound ("bit of the rate"), nor is an open pair off.
    const apart = analyseQuestion('Which bit of the rate does mode 5 give?', [], vocab)
    expect(apart.terms.find((t) => t.word === 'bit')!.alts).toBeUndefined()
    const off = analyseQuestion('Which bit rate?', [], vocab, tuningWith({ joinOpenCompounds: 0 }))
    expect(off.terms.find((t) => t.word === 'bit')!.alts).toBeUndefined()
  })

  it('can split a compound the library writes as two words, still reporting it unseen', () => {
    const q = analyseQuestion('Is there a textplain mode?', [], vocab, tuningWith({ splitCompounds: 1 }))
    expect(q.terms.map((t) => t.word)).toEqual(expect.arrayContaining(['text', 'plain']))
    expect(q.unseen).toContain('textplain')
  })
})

describe('namesAbsent', () => {
  const vocab = vocabulary(['A zero-inflated Poisson model for preprocessing counts.'])
  const T = tuningWith({})

  it('finds a capitalised name no passage has', () => {
    expect(namesAbsent('Does it export to PowerPoint?', vocab, [], T)).toEqual(['PowerPoint'])
    // "I" is a pronoun, not a name, even in a library that never uses it.
    expect(namesAbsent('How do I export to PowerPoint?', vocab, [], T)).toEqual(['PowerPoint'])
  })

  it('takes no word opening a sentence for a name, in a question of several sentences', () => {
    const q = 'My counts come from a survey. Which model suits them? Perhaps PowerPoint?'
    expect(namesAbsent(q, vocab, [], T)).toEqual(['PowerPoint'])
    // Before, only the question's first word was taken for a sentence's opening.
    expect(namesAbsent(q, vocab, [], tuningWith({ nameQualifiers: 0 }))).toEqual([
      'Which',
      'Perhaps',
      'PowerPoint',
    ])
  })

  it('takes no single character for a name: a letter alone identifies nothing', () => {
    expect(namesAbsent('How are accented capitals like É sorted?', vocab, [], T)).toEqual([])
    expect(namesAbsent('Which key types Ø on a PowerPoint slide?', vocab, [], T)).toEqual(['PowerPoint'])
  })

  it('leaves out the words the asker compares with or describes their situation by', () => {
    const q = 'Does the Poisson model handle counts from 1975, in Excel?'
    expect(namesAbsent(q, vocab, [], T)).toEqual(['1975', 'Excel'])
    expect(namesAbsent(q, vocab, [], T, new Set(['1975']))).toEqual(['Excel'])
  })

  it('takes an abbreviation spelled out in a passage found for present', () => {
    const passages = ['A zero-inflated Poisson model for preprocessing counts.']
    expect(namesAbsent('What AIC does the ZIP model get?', vocab, passages, T)).toEqual(['AIC'])
  })

  it('takes a hyphenated name the library writes joined for present', () => {
    expect(namesAbsent('Is there a Pre-Processing step?', vocab, [], T)).toEqual([])
    expect(
      namesAbsent('Is there a Pre-Processing step?', vocab, [], tuningWith({ nameVariants: 0 })),
    ).toEqual(['Pre', 'Processing'])
  })

  it('takes an ordinal whose number the library has for present', () => {
    const counts = vocabulary(['Diagnostic 14 counts the steps taken.'])
    expect(namesAbsent('What does the 14th diagnostic count?', counts, [], T)).toEqual([])
    expect(namesAbsent('What does the 15th diagnostic count?', counts, [], T)).toEqual(['15th'])
    expect(
      namesAbsent('What does the 14th diagnostic count?', counts, [], tuningWith({ nameVariants: 0 })),
    ).toEqual(['14th'])
  })

  it('matches initials of consecutive words only', () => {
    expect(spelledOut('zip', [tokenize('zero-inflated Poisson')])).toBe(true)
    expect(spelledOut('zip', [tokenize('zero counts, inflated Poisson')])).toBe(false)
  })
})

describe('WordNet', () => {
  it('knows English words the spelling dictionary lacks, in inflected forms', () => {
    expect(inWordNet('combinatorial')).toBe(true)
    expect(inWordNet('concatenating')).toBe(true)
    expect(inWordNet('sfdp')).toBe(false)
  })

  it('gives single-word synonyms of the commonest sense', () => {
    expect(synonyms('large', 1)).toContain('big')
    expect(synonyms('large', 1)).not.toContain('large')
  })
})
