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

interface English {
  speller: Speller
  /** The dictionary's own productive prefixes ("re", "in", "un", "de", "dis", "con", "pro"). */
  prefixes: string[]
}

let english: Promise<English> | null = null

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
function load(): Promise<English> {
  english ??= Promise.all([import('nspell'), readDictionary()]).then(([m, d]) => ({
    speller: m.default(d),
    prefixes: plainPrefixes(d.aff.toString('utf8')),
  }))
  return english
}

/**
 * The prefixes an affix file adds to any word unchanged (`PFX U 0 un .`: nothing stripped, no
 * condition). en_US applies them only to the words it flags, so "ungrouped" or "recompute" are
 * missing although "grouped" and "compute" are there.
 */
export function plainPrefixes(aff: string): string[] {
  const out = new Set<string>()
  for (const m of aff.matchAll(/^PFX\s+\S+\s+0\s+(\p{L}+)\s+\.\s*$/gmu)) out.add(m[1]!)
  return [...out]
}

export interface EnglishOptions {
  /**
   * A word made of one of the dictionary's plain prefixes and an English word of at least this
   * many letters is English too ("ungrouped" = "un" + "grouped"); 0 = off.
   */
  prefixedStemLetters?: number
}

/**
 * True for a word (lower case) that the English dictionary holds, in any inflected form, or (with
 * `prefixedStemLetters`) derives from one with the dictionary's own productive prefixes.
 */
export async function isEnglishWord(word: string, opts: EnglishOptions = {}): Promise<boolean> {
  const { speller, prefixes } = await load()
  const known = (w: string) =>
    speller.correct(w) || inWordNet(w) || americanSpellings(w).some((v) => speller.correct(v) || inWordNet(v))
  if (known(word)) return true
  const min = opts.prefixedStemLetters ?? 0
  return (
    min > 0 &&
    prefixes.some((p) => word.startsWith(p) && word.length - p.length >= min && known(word.slice(p.length)))
  )
}
