import { describe, expect, it } from 'vitest'
import { foldConfusable, foldedStemText } from './ocr-fold.js'

describe('folding OCR-confusable characters', () => {
  it('folds I/l/1, O/0, S/5, Z/2 and B/8 to one letter each, so a misreading folds like the word', () => {
    // Stems arrive lower-cased: a capital I read for an l is an i here.
    expect(foldConfusable('imtest')).toBe(foldConfusable('lmtest'))
    expect(foldConfusable('x1')).toBe('xl')
    expect(foldConfusable('z2')).toBe(foldConfusable('zz'))
    expect(foldConfusable('c0ntrol')).toBe(foldConfusable('control'))
    expect(foldConfusable('te5t')).toBe('test')
    expect(foldConfusable('8ase')).toBe(foldConfusable('base'))
  })

  it('leaves words without confusable characters, and bare numbers, as they are', () => {
    expect(foldConfusable('survey')).toBe('survey')
    // "50" must not become the word "so", nor "10" the word "lo".
    expect(foldConfusable('50')).toBe('50')
    expect(foldConfusable('1985')).toBe('1985')
    expect(foldConfusable('')).toBe('')
  })

  it('folds a passage stem by stem, space-joined as the OCR index stores it', () => {
    expect(foldedStemText(['the', 'imtest', 'packag', '250'])).toBe('the lmtest packag 250')
    expect(foldedStemText([])).toBe('')
  })
})
