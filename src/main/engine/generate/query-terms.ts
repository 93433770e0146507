const STOPWORDS = new Set(
  `a an and are as at be been but by can could did do does for from had has have how i if in into is it its
  me my of on or our so than that the their them then there these they this those to was we were what when where
  which who whom why will with would you your about after before between during over under more most much many
  any all some such per also not no yes please tell show give find list say said according document documents
  report reports`.split(/\s+/),
)

/** Crude English stemming: enough that "plants" matches "plant" and "produced" matches "production". */
export function stem(word: string): string {
  let w = word.toLowerCase()
  if (w.length > 4 && w.endsWith('ies')) return w.slice(0, -3) + 'y'
  for (const suffix of ['ations', 'ation', 'ings', 'ing', 'ions', 'ion', 'ed', 'es', 's']) {
    if (w.length - suffix.length >= 4 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length)
      break
    }
  }
  return w.replace(/e$/, '')
}

/** Content words of a text, stemmed, without stopwords. Numbers are kept: they are often the point. */
export function queryTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:[.,]\d+)*/gu) ?? []
  return [...new Set(words.filter((w) => !STOPWORDS.has(w) && (w.length > 1 || /\d/.test(w))).map(stem))]
}

/** The question asks for a quantity, date or amount: sentences with numbers are more likely answers. */
export function asksForFigure(question: string): boolean {
  return /\b(how (much|many|long|large|big|often|far)|what (percentage|share|proportion|amount|number|year|date)|when|total|rate|cost|price|revenue|budget)\b/i.test(
    question,
  )
}
