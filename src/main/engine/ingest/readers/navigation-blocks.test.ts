import { describe, expect, it } from 'vitest'
import { contentChars } from './navigation-blocks.js'

describe('contentChars', () => {
  it('counts letters and digits of every script, and no separators, spaces or marks', () => {
    expect(contentChars('Next » Index | 12')).toBe(11)
    expect(contentChars('Straße 東京 ١٢٣')).toBe(11)
    // A letter outside the Basic Multilingual Plane is one character, not two halves.
    expect(contentChars('𝔘𝔫𝔦 😀')).toBe(3)
    expect(contentChars('► — … ¶ \u00a0')).toBe(0)
    expect(contentChars('')).toBe(0)
  })
})
