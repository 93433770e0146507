import { describe, expect, it } from 'vitest'
import type { OcrWord } from './ocr-engine.js'
import { joinSplitWords } from './join-split-words.js'

/** Words laid out left to right: each [text, width, gap before the next word] in pixels. */
function words(...spec: [string, number, number][]): OcrWord[] {
  let x = 0
  return spec.map(([text, width, gap]) => {
    const w = { text, confidence: 90, x0: x, y0: 0, x1: x + width, y1: 20 }
    x += width + gap
    return w
  })
}

const texts = (ws: OcrWord[]) => ws.map((w) => w.text)

describe('joinSplitWords', () => {
  it('joins a dotted name split after its dot (a blank narrower than the line’s word space)', () => {
    // Word spaces of 12 px; "(given." then "values" 6 px on.
    const line = words(
      ['setting', 60, 12],
      ['list', 40, 12],
      ['(given.', 70, 6],
      ['values="equal").', 160, 12],
      ['Then', 40, 0],
    )
    const out = joinSplitWords(line, 21)
    expect(texts(out)).toEqual(['setting', 'list', '(given.values="equal").', 'Then'])
    // The joined word spans both boxes, for highlighting.
    expect(out[2]).toMatchObject({ x0: line[2]!.x0, x1: line[3]!.x1 })
  })

  it('joins a call split at its bracket and the dotted name after it in one pass', () => {
    // em 20: "list" then "(given." 4 px (0.2 em) on, then "values" 6 px on; word spaces 12 px.
    const line = words(
      ['use', 30, 12],
      ['list', 40, 4],
      ['(given.', 70, 6],
      ['values)', 70, 12],
      ['here', 40, 0],
    )
    expect(texts(joinSplitWords(line, 20))).toEqual(['use', 'list(given.values)', 'here'])
  })

  it('joins a name split before its dot, not a file extension after a word space', () => {
    // Word spaces of 12 px; "yyFlexLexer" then ".h." 5 px on; "the" then ".tex" a word space on.
    const code = words(
      ['header', 60, 12],
      ['in', 20, 12],
      ['yyFlexLexer', 110, 5],
      ['.h.', 20, 12],
      ['Then', 40, 0],
    )
    expect(texts(joinSplitWords(code, 21))).toEqual(['header', 'in', 'yyFlexLexer.h.', 'Then'])
    const prose = words(['edit', 40, 12], ['the', 30, 12], ['.tex', 40, 12], ['file', 40, 0])
    expect(texts(joinSplitWords(prose, 21))).toEqual(['edit', 'the', '.tex', 'file'])
  })

  it('joins a bracket after a closing bracket at a small gap, not a brace after a word', () => {
    // em 20: "{siunitx}" then "[=v2]" 5 px (0.25 em) on; "p" then "{" 5 px on stays apart.
    const tex = words(['\\usepackage{siunitx}', 200, 5], ['[=v2]', 50, 0])
    expect(texts(joinSplitWords(tex, 20))).toEqual(['\\usepackage{siunitx}[=v2]'])
    const css = words(['p', 10, 5], ['{', 10, 0])
    expect(texts(joinSplitWords(css, 20))).toEqual(['p', '{'])
  })

  it('joins a scope operator split in two', () => {
    const line = words(['use', 30, 12], ['Eigen:', 60, 9], [':Map;', 50, 0])
    expect(texts(joinSplitWords(line, 21))).toEqual(['use', 'Eigen::Map;'])
  })

  it('keeps the space after a sentence, an abbreviation, an initial, a roman numeral or capitals', () => {
    for (const [before, after] of [
      ['end.', 'then'],
      ['e.g.', 'the'],
      ['etc.', 'and'],
      ['al.', 'and'],
      ['J.', 'and'],
      ['III.', 'manpages'],
      ['XSLT.', 'xsltproc'],
    ] as const) {
      // The pair's blank (10 px) is under 1.2 word spaces (14.4 px), except after the sentence (15 px).
      const gap = before === 'end.' ? 15 : 10
      const line = words(['a', 10, 12], ['few', 30, 12], [before, 40, gap], [after, 40, 12], ['more', 40, 0])
      expect(texts(joinSplitWords(line, 21))).toContain(after)
    }
  })

  it('keeps a capitalised word after a dot, and lines too short to tell their word space', () => {
    const capital = words(['see', 30, 12], ['na.', 30, 4], ['Action', 50, 12], ['here', 40, 0])
    expect(texts(joinSplitWords(capital, 21))).toContain('Action')
    const short = words(['na.', 30, 2], ['action', 50, 0])
    expect(texts(joinSplitWords(short, 21))).toEqual(['na.', 'action'])
  })
})
