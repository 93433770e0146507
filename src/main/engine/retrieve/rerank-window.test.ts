// Which part of a long passage the cross-encoder reads: the window with the question's terms.
import { describe, expect, it } from 'vitest'
import type { WeightedTerm } from './lexical-score.js'
import { focusWindow, windowWords } from './rerank-window.js'

const term = (word: string, idf = 1, stem = word): WeightedTerm => ({ word, stem, idf })
const filler = (n: number, word = 'lorem') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ')

describe('focusWindow', () => {
  it('leaves a passage that fits as it is', () => {
    const text = 'Water tomatoes twice a week.'
    expect(focusWindow(text, [term('tomato')], 10)).toBe(text)
  })

  it("reads a long passage from the window around the question's terms, marked as cut", () => {
    const text = `${filler(60)} Tomatoes want watering twice a week in summer. ${filler(60, 'ipsum')}`
    const out = focusWindow(text, [term('tomato', 2), term('water', 2)], 20)
    expect(out.startsWith('… ')).toBe(true)
    expect(out.slice(2).split(' ')).toHaveLength(20)
    // The terms come with the words around them: the window is centred on them.
    expect(out).toContain('Tomatoes want watering twice a week in summer.')
    expect(out).toMatch(/^… lorem\d+ .* ipsum\d+$/)
  })

  it('reads from the start when the start already holds the best window', () => {
    const text = `Tomatoes want watering. ${filler(100)} tomatoes again.`
    expect(focusWindow(text, [term('tomato'), term('water')], 20)).toBe(text)
  })

  it('keeps the earlier of two windows holding the same terms', () => {
    const text = `${filler(40)} first tomato watering ${filler(40, 'ipsum')} second tomato watering ${filler(40, 'dolor')}`
    const out = focusWindow(text, [term('tomato'), term('water')], 15)
    expect(out).toContain('first tomato watering')
    expect(out).not.toContain('second')
  })

  it('counts each term once and weighs it by its IDF: one rare word beats a common one repeated', () => {
    const common = Array.from({ length: 10 }, () => 'plant').join(' ')
    const text = `${filler(30)} ${common} ${filler(30, 'ipsum')} blossom-end rot ${filler(30, 'dolor')}`
    const out = focusWindow(text, [term('plant', 0.5), term('rot', 4)], 12)
    expect(out).toContain('blossom-end rot')
    expect(out).not.toContain('plant')
  })

  it('leaves the text as it is when the question has no terms', () => {
    const text = filler(100)
    expect(focusWindow(text, [], 10)).toBe(text)
  })
})

describe('windowWords', () => {
  it("is what the cap leaves after the question and the passage's header, at 1.7 pieces a word", () => {
    // 128 − 3 special pieces − (5 + 3 words) × 1.7 = 111.4 pieces → 65 words.
    expect(windowWords(128, 'How often are tomatoes watered?', 'Garden guide\nWatering\n')).toBe(65)
    expect(windowWords(256, 'How often are tomatoes watered?', 'Garden guide\nWatering\n')).toBe(140)
  })

  it('leaves at least 16 words however long the question', () => {
    expect(windowWords(64, filler(200), 'Title\n')).toBe(16)
  })
})
