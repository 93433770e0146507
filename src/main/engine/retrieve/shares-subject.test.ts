import { describe, expect, it } from 'vitest'
import type { Db } from '../store/open-database.js'
import { HybridSearch } from './hybrid-search.js'
import { chunk, tempLibrary } from './test-library.js'
import { tuningWith } from './tuning.js'

/** A colour package's manual with its options table, and a garden so its words are rare. */
function library(): Db {
  const options = [
    'Table 1: Package options',
    '| option | meaning |',
    '| --- | --- |',
    '| gray | Convert all colors to the gray model, to see how a black & white printer will output the document. |',
    '| cmyk | Convert all colors to the cmyk model. |',
    '| rgb | Convert all colors to the rgb model. |',
  ].join('\n')
  return tempLibrary({
    'colors.pdf': [
      chunk(0, 'Package options', options),
      ...Array.from({ length: 10 }, (_, i) =>
        chunk(i + 1, `Color models ${i}`, `The document defines color model ${i} with its own parameters.`),
      ),
    ],
    'garden.pdf': Array.from({ length: 30 }, (_, i) =>
      chunk(i, `Bed ${i}`, `Roses in bed ${i} want water and sun every day.`),
    ),
  })
}

async function decision(question: string, tuning = {}) {
  const search = new HybridSearch({
    db: library(),
    embedder: null,
    vectors: null,
    tuning: tuningWith(tuning),
  })
  return (await search.search(question, { k: 3 })).decision!
}

describe('a paraphrased question whose subject a passage shares', () => {
  // The options table says "a black & white printer" and "gray"; the asker, "monochrome laser
  // printer" and "grey". Their words weigh most in coverage because the library never uses them.
  const paraphrase =
    "I'd like to preview how a document will come out on a monochrome laser printer at the office. Which option turns every color into shades of grey?"

  it('leaves a low-coverage question to the model when one passage holds several of its words', async () => {
    expect(await decision(paraphrase)).toMatchObject({
      declined: false,
      doubtful: true,
      reason: 'low-coverage',
    })
    expect(await decision(paraphrase, { modelJudgesWordsTogether: 0 })).toMatchObject({
      declined: true,
      reason: 'low-coverage',
    })
  })

  it('still declines an everyday question that shares a word or two with a passage', async () => {
    expect(await decision('How much water does a cactus need in the summer heat?')).toMatchObject({
      declined: true,
      reason: 'low-coverage',
    })
  })

  it('still declines when a word of the question is in no dictionary: it names what the library lacks', async () => {
    const named = paraphrase.replace('at the office', 'through sfdp')
    expect(await decision(named)).toMatchObject({ declined: true, decisive: ['sfdp'] })
  })
})
