import { tokenize } from '../text/tokens.js'

// A name of several capitalised words often joins what the documents call a thing to the asker's
// own way of saying which one: "the Upper Lusatian one" where a language table has "Upper
// Sorbian", "the Sorbian of Lower Lusatia" where it has "lowersorbian | sorbian | variant=lower",
// "Hong Kong Chinese" where it has "zh-TW | chinese". The word the documents have says what is
// asked about; the word they lack only qualifies it (a region, a variety, a label the asker made
// up), so it must not make the decline rule sure that nothing answers (decide.ts). Whether the
// qualified row is there is for the model to read.

/** A word as typed, and where it is. */
interface Typed {
  word: string
  start: number
  end: number
}

const WORD = /[\p{L}\p{N}]+(?:[._'’-][\p{L}\p{N}]+)*/gu

/**
 * The lower-case tokens of capitalised words that stand in one name with a capitalised word the
 * documents have (`absent` false), when the documents lack them (`absent` true). A name is a run of
 * capitalised words separated by single spaces, so "Fine-Gray" or "Ljung-Box" (one hyphenated
 * name of two people) and "BIC pick with the Bai-Perron" are never split into a found and an
 * absent part. A word opening a sentence, a single character and words with digits or inner
 * punctuation ("X.509", "zh-HK", "365") are left out: their capitals or shape do not make them part
 * of the name around them.
 */
export function nameQualifiers(
  text: string,
  absent: (token: string) => boolean,
  inPassages: (token: string) => boolean,
): Set<string> {
  const out = new Set<string>()
  for (const run of nameRuns(text)) {
    const tokens = run.map((w) => tokenize(w.word)[0] ?? w.word.toLowerCase())
    if (!tokens.some((t) => !absent(t) && inPassages(t))) continue
    if (!tokens.some(absent)) continue
    for (const t of tokens) if (absent(t)) out.add(t)
  }
  return out
}

/** Runs of two or more capitalised plain words, each separated from the next by one space. */
function nameRuns(text: string): Typed[][] {
  const runs: Typed[][] = []
  let run: Typed[] = []
  const close = () => {
    if (run.length >= 2) runs.push(run)
    run = []
  }
  for (const m of text.matchAll(WORD)) {
    const w: Typed = { word: m[0], start: m.index, end: m.index + m[0].length }
    const prev = run[run.length - 1]
    if (prev && text.slice(prev.end, w.start) !== ' ') close()
    if (isNamePart(w.word) && !opensSentence(text, w.start)) run.push(w)
    else close()
  }
  close()
  return runs
}

/** A capitalised word of letters only, more than one character ("Lusatia", "Kong", "Upper"). */
function isNamePart(word: string): boolean {
  return /^\p{Lu}\p{L}+$/u.test(word)
}

/** At the start of the text, of a sentence or of a quotation. */
export function opensSentence(text: string, at: number): boolean {
  return /(?:^|[.!?]\s+|["“‘]\s*)$/u.test(text.slice(0, at))
}
