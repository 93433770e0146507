// Whether a word is ordinary English, from the en_US Hunspell dictionary (SCOWL, via nspell).
// A question word the library has never seen means two different things: an everyday word is the
// asker's paraphrase ("quietly", "rebuilt", "raster"), a word no dictionary holds names something
// specific the library lacks ("sfdp", "subdistribution"). Only the second is evidence for
// declining (see HybridSearch.shouldDecline).
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type nspell from 'nspell'
import { americanSpellings } from './spelling-variants.js'
import { inWordNet } from './wordnet.js'

type Speller = ReturnType<typeof nspell>

let speller: Promise<Speller> | null = null

/**
 * The en_US Hunspell files of the dictionary-en package, read by string path: in the packaged app
 * they sit inside app.asar, which Electron serves to string paths but not to the URL objects
 * dictionary-en's own loader uses.
 */
async function readDictionary(): Promise<{ aff: Buffer; dic: Buffer }> {
  const dir = dirname(createRequire(import.meta.url).resolve('dictionary-en'))
  const [aff, dic] = await Promise.all([readFile(join(dir, 'index.aff')), readFile(join(dir, 'index.dic'))])
  return { aff, dic }
}

/** Loaded on first use (about 0.3 s, 70 MB), which only questions with an unseen word reach. */
function load(): Promise<Speller> {
  speller ??= Promise.all([import('nspell'), readDictionary()]).then(([m, d]) => m.default(d))
  return speller
}

/** True for a word (lower case) that the English dictionary holds, in any inflected form. */
export async function isEnglishWord(word: string): Promise<boolean> {
  const speller = await load()
  if (speller.correct(word) || inWordNet(word)) return true
  return americanSpellings(word).some((w) => speller.correct(w) || inWordNet(w))
}
