import { describe, expect, it } from 'vitest'
import { mulberry32 } from '@tests/helpers/seeded-random.js'
import { isSameText, sameTextThreshold, type TextIdentity } from './same-text.js'
import { textFingerprint } from './text-fingerprint.js'
import { sketchSimilarity, textSketch, SAME_TEXT_SIMILARITY } from './text-sketch.js'

const WORDS = (
  'survival hazard censoring cohort baseline estimate covariate stratum frailty residual ' +
  'interval kaplan meier curve risk ratio model fitted observed expected time event ' +
  'patient treatment trial group follow start stop weight robust variance'
).split(' ')

/** Three pages of seeded text, made of `words` (a topic word stands in for one of them). */
function pagesOf(seed: number, topic = 'cox'): { text: string }[] {
  const rnd = mulberry32(seed)
  return [0, 1, 2].map(() => ({
    text: Array.from({ length: 400 }, () =>
      rnd() < 0.08 ? topic : WORDS[Math.floor(rnd() * WORDS.length)]!,
    ).join(' '),
  }))
}

/** The pages as OCR reads them again: one in 35 of the letters OCR confuses misread ('e' as 'c', 'l' as '1'…). */
function misread(pages: { text: string }[], seed: number): { text: string }[] {
  const rnd = mulberry32(seed)
  const swap: Record<string, string> = { e: 'c', l: '1', o: '0', i: 'l', a: 'o', r: 'n', s: '5' }
  return pages.map((p) => ({
    text: [...p.text].map((ch) => (swap[ch] && rnd() < 1 / 35 ? swap[ch] : ch)).join(''),
  }))
}

function identity(pages: { text: string }[], ocrPages = 0): TextIdentity {
  return { fingerprint: textFingerprint(pages), sketch: textSketch(pages), pages: pages.length, ocrPages }
}

describe('the same-text rule for text read by OCR', () => {
  it('takes an OCR reading of the original for its text, and only because OCR read it', () => {
    const original = pagesOf(1)
    const ocrCopy = misread(original, 2)
    const similarity = sketchSimilarity(textSketch(original)!, textSketch(ocrCopy)!)
    // OCR's misreadings leave the copy below the rule for texts read from a text layer.
    expect(similarity).toBeLessThan(SAME_TEXT_SIMILARITY)
    expect(similarity).toBeGreaterThanOrEqual(0.8)
    expect(isSameText(identity(ocrCopy, 3), identity(original))).toBe(true)
    expect(isSameText(identity(original), identity(ocrCopy, 3))).toBe(true)
    // The same misreadings in a text layer (a copy that does not come from OCR) are another text.
    expect(isSameText(identity(ocrCopy), identity(original))).toBe(false)
  })

  it('lowers the threshold in proportion to the pages OCR read, never below the allowance', () => {
    const a = identity(pagesOf(1))
    expect(sameTextThreshold(a, a)).toBe(SAME_TEXT_SIMILARITY)
    expect(sameTextThreshold({ ...a, ocrPages: 3 }, a)).toBeCloseTo(0.8)
    expect(sameTextThreshold(a, { ...a, ocrPages: 1 })).toBeCloseTo(0.85 - 0.05 / 3)
    expect(sameTextThreshold({ ...a, ocrPages: 9 }, a)).toBeCloseTo(0.8)
    // A format without pages (Word, HTML) is never read by OCR.
    expect(sameTextThreshold({ ...a, pages: null, ocrPages: 0 }, a)).toBe(SAME_TEXT_SIMILARITY)
  })

  it('keeps two documents apart when OCR read one: other words, or as many words on more pages', () => {
    const cox = pagesOf(1, 'cox')
    const weibull = misread(pagesOf(1, 'weibull'), 2)
    expect(sketchSimilarity(textSketch(cox)!, textSketch(weibull)!)).toBeLessThan(0.8)
    expect(isSameText(identity(weibull, 3), identity(cox))).toBe(false)
    const ocrCopy = misread(cox, 2)
    expect(isSameText({ ...identity(ocrCopy, 3), pages: 4 }, identity(cox))).toBe(false)
  })
})
