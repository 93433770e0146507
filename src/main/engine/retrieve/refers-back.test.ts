import { describe, expect, it } from 'vitest'
import { refersBack } from './refers-back.js'

describe('refersBack', () => {
  it('reads a pronoun or demonstrative before the question names its own topic as pointing back', () => {
    for (const q of [
      'Which one of those is marked as (partly) implemented in C?',
      'Is it noticeably slower than the Breslow approach?',
      'Does that happen even if I never call it?',
      'Can they be set a size smaller than the default too?',
    ])
      expect(refersBack(q), q).toBe(true)
  })

  it('reads a demonstrative opening a phrase of its own as pointing back', () => {
    for (const q of [
      'Which R arguments does that distribution function take?',
      'And what does the -V in that command do?',
      'And which setting controls how many of those backup splits it looks for?',
    ])
      expect(refersBack(q), q).toBe(true)
  })

  it('leaves pronouns whose noun the question itself names, and "that" after a noun', () => {
    for (const q of [
      'Level labels collide on my Titanic mosaic. How can I shorten them?',
      'How must censored observations be laid out before fitdistrplus can use them?',
      'Which option sets the colour that hyperref uses for links?',
      'And the ARIMA model?',
      'What is the default JPEG quality key in MetaPost?',
      'How do I lock a PDF so that readers cannot print it?',
    ])
      expect(refersBack(q), q).toBe(false)
  })
})
