import { describe, expect, it } from 'vitest'
import { forTerminal } from './terminal-text.js'

describe('text shown in a terminal', () => {
  it('shows control sequences from file names as visible escapes instead of obeying them', () => {
    const name = '\x1b]0;pwned\x07\x1b[2Jreport\r\n\u202efdp.exe'
    const shown = forTerminal(name)
    expect(shown).toBe('\\x1b]0;pwned\\x07\\x1b[2Jreport\\x0d\\x0a\\u202efdp.exe')
    expect(shown).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/)
    expect(forTerminal('Année 2024 — résumé\tfinal.pdf')).toBe('Année 2024 — résumé\tfinal.pdf')
  })
})
