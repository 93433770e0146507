import { describe, expect, it } from 'vitest'
import { cachedStem } from '../text/tokens.js'
import type { QuestionAnalysis } from './analyse-question.js'
import type { ChunkRow } from './gather-candidates.js'
import type { WeightedTerm } from './lexical-score.js'
import { scoreEvidence } from './score-evidence.js'
import { tableFieldText, tableRowCoverage } from './table-row-evidence.js'
import { DEFAULT_TUNING, tuningWith } from './tuning.js'

const term = (word: string, idf: number): WeightedTerm => ({ word, stem: cachedStem(word), idf })
// "What is the standard error of contact?": the row label and the column header.
const terms = [term('standard', 2), term('error', 2), term('contact', 3)]

/** A printout's table: the asked row far below the header (past the proximity window). */
const filler = Array.from({ length: 30 }, (_, i) => `| term${i} | 0.${i}1 | 0.${i}2 |`)
const table = [
  'Coefficients:',
  '| | Estimate | Standard error |',
  '| --- | --- | --- |',
  ...filler,
  '| contact | 1.528 | 0.4766 |',
].join('\n')

describe('tableRowCoverage', () => {
  it('reads a row together with its header and caption', () => {
    expect(tableRowCoverage(table, terms)).toBe(1)
    // The words spread over different rows of a table do not come together.
    const spread = table.replace('Standard error', 'Deviation')
    expect(tableRowCoverage(spread, terms)).toBeCloseTo(3 / 7)
  })

  it('counts only rows that hold a word of the question themselves', () => {
    const headerOnly = table.replace('| contact |', '| other |')
    expect(tableRowCoverage(headerOnly, terms)).toBe(0)
  })

  it('is 0 for a passage without a table', () => {
    expect(tableRowCoverage('The standard error of contact is printed in the table.', terms)).toBe(0)
    expect(tableRowCoverage('| a | b |\nno separator line', terms)).toBe(0)
  })
})

describe('tableFieldText', () => {
  it('gives the caption and header of every table in the passage, not its rows or text', () => {
    const two = `Some prose before.\n${table}\nThreshold coefficients:\n| | Estimate |\n| --- | --- |\n| spacing | 2.1 |`
    expect(tableFieldText(two)).toBe(
      '| | Estimate | Standard error | Coefficients: | | Estimate | Threshold coefficients:',
    )
    expect(tableFieldText('No table here.')).toBe('')
  })
})

describe('scoring a table passage', () => {
  const question: QuestionAnalysis = {
    query: 'What is the standard error of contact?',
    context: [],
    terms,
    contextTerms: [],
    phrases: [],
    phraseDf: [],
    answerTypes: new Set(),
    options: [],
    unseen: [],
    compared: new Set(),
    described: new Set(),
  }
  const row = (id: number, text: string): ChunkRow => ({
    id,
    document_id: id,
    heading: null,
    text,
    stems: null,
    ord: 0,
    page_start: 1,
    page_end: 1,
    path: `/docs/d${id}.pdf`,
    title: `d${id}`,
    format: 'pdf',
    locator: null,
    ocr: 0,
  })

  it('counts a row label and a column header as found together', () => {
    const e = scoreEvidence(question, [row(1, table)], DEFAULT_TUNING).get(1)!
    const off = scoreEvidence(question, [row(1, table)], tuningWith({ wTableRow: 0 })).get(1)!
    expect(off.match.local).toBeLessThan(1)
    expect(e.match.local).toBe(1)
    expect(e.score).toBeGreaterThan(off.score)
  })

  it("reads a table's caption and header as the passage's heading", () => {
    // The asked row holds "contact"; "standard" and "error" only in the header.
    const e = scoreEvidence(question, [row(1, table)], DEFAULT_TUNING).get(1)!
    const off = scoreEvidence(question, [row(1, table)], tuningWith({ tableFieldAsHeading: 0 })).get(1)!
    expect(e.score - off.score).toBeGreaterThan(0)
    expect(e.match.coverage).toBe(off.match.coverage)
    // A passage without a table is scored as before.
    const prose = 'The standard error of contact is printed below.'
    expect(scoreEvidence(question, [row(2, prose)], DEFAULT_TUNING).get(2)!.score).toBe(
      scoreEvidence(question, [row(2, prose)], tuningWith({ tableFieldAsHeading: 0 })).get(2)!.score,
    )
  })
})
