// British and American spellings of one word. A question typed in one spelling must find a library
// written in the other ("parameterisation" / "parameterization", "colour" / "color"), and the
// decline rule must not take a British spelling for a word no dictionary knows.

/** [British ending, American ending]: -our/-or, -ise/-ize, -yse/-yze, -tre/-ter, -ogue/-og, -elled/-eled. */
const PAIRS: [RegExp, string, RegExp, string][] = [
  [/our(s|ed|ing|ite|ites)?$/, 'or$1', /or(s|ed|ing|ite|ites)?$/, 'our$1'],
  [/is(e|es|ed|ing|er|ers|ation|ations|able)$/, 'iz$1', /iz(e|es|ed|ing|er|ers|ation|ations|able)$/, 'is$1'],
  [/ys(e|es|ed|ing)$/, 'yz$1', /yz(e|es|ed|ing)$/, 'ys$1'],
  [/tre(s)?$/, 'ter$1', /ter(s)?$/, 'tre$1'],
  [/ogue(s)?$/, 'og$1', /og(s)?$/, 'ogue$1'],
  [/([aeiou])ll(ed|ing|er|ers)$/, '$1l$2', /([aeiou])l(ed|ing|er|ers)$/, '$1ll$2'],
  [/ence$/, 'ense', /ense$/, 'ence'],
]

/** The word's other spellings (British → American first, then American → British); never the word itself. */
export function spellingVariants(word: string): string[] {
  const out: string[] = []
  for (const [brit, toAm, am, toBrit] of PAIRS) {
    if (brit.test(word)) out.push(word.replace(brit, toAm))
    if (am.test(word)) out.push(word.replace(am, toBrit))
  }
  return [...new Set(out)].filter((w) => w !== word && w.length > 2)
}

/** Only the American spellings of a British word (the en_US dictionary's). */
export function americanSpellings(word: string): string[] {
  const out: string[] = []
  for (const [brit, toAm] of PAIRS) if (brit.test(word)) out.push(word.replace(brit, toAm))
  return out.filter((w) => w !== word)
}
