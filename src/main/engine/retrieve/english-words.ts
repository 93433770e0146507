// Whether a word is ordinary English, from the en_US Hunspell dictionary (SCOWL, via nspell).
// A question word the library has never seen means two different things: an everyday word is the
// asker's paraphrase ("quietly", "rebuilt", "raster"), a word no dictionary holds names something
// specific the library lacks ("sfdp", "subdistribution"). Only the second is evidence for
// declining (see HybridSearch.shouldDecline).
import type nspell from 'nspell'

type Speller = ReturnType<typeof nspell>

let speller: Promise<Speller> | null = null

/** Loaded on first use (about 0.3 s, 70 MB), which only questions with an unseen word reach. */
function load(): Promise<Speller> {
  // dictionary-en reads its files as Uint8Array; nspell's types ask for Buffer, which reads the same.
  speller ??= Promise.all([import('nspell'), import('dictionary-en')]).then(([m, d]) =>
    m.default({ aff: Buffer.from(d.default.aff), dic: Buffer.from(d.default.dic) }),
  )
  return speller
}

/**
 * British spellings the en_US dictionary lacks, as their American forms: "colour" → "color",
 * "recognise" → "recognize", "analyse" → "analyze", "centre" → "center", "catalogue" → "catalog".
 */
const BRITISH_TO_AMERICAN: [RegExp, string][] = [
  [/our(s|ed|ing)?$/, 'or$1'],
  [/is(e|es|ed|ing|ation|ations)$/, 'iz$1'],
  [/ys(e|es|ed|ing)$/, 'yz$1'],
  [/tre(s)?$/, 'ter$1'],
  [/ogue(s)?$/, 'og$1'],
]

/** True for a word (lower case) that the English dictionary holds, in any inflected form. */
export async function isEnglishWord(word: string): Promise<boolean> {
  const speller = await load()
  if (speller.correct(word)) return true
  return BRITISH_TO_AMERICAN.some(([from, to]) => from.test(word) && speller.correct(word.replace(from, to)))
}
