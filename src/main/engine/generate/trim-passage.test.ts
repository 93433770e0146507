import { describe, expect, it } from 'vitest'
import type { Citation } from '@shared/chat-types.js'
import { trimPassage } from './trim-passage.js'

const passage = (text: string): Citation => ({
  n: 1,
  chunkId: 1,
  documentId: 1,
  file: '/lib/trial.pdf',
  title: 'Trial',
  pages: [2],
  text,
})

describe('shortening a passage that holds a table', () => {
  const sites = ['Oslo', 'Lyon', 'Porto', 'Graz', 'Turku', 'Bari', 'Gent']
  const table = [
    'The sites differed in how many patients responded.',
    'Table 1: Response by site.',
    '| Site | Patients | Response rate |',
    '| --- | --- | --- |',
    ...sites.map((s, i) => `| ${s} | ${90 + i} | ${30 + i}% |`),
  ].join('\n')

  it('keeps the caption, the header and the rows that match the question', () => {
    const out = trimPassage('What was the response rate at the Lyon site?', passage(table))
    const lines = out.split('\n')
    expect(lines).toContain('Table 1: Response by site.')
    expect(lines).toContain('| Site | Patients | Response rate |')
    expect(lines).toContain('| --- | --- | --- |')
    expect(lines).toContain('| Lyon | 91 | 31% |')
    expect(lines.filter((l) => /^\| [A-Z][a-z]+ \| \d+/.test(l)).length).toBeLessThanOrEqual(3)
    expect(lines).not.toContain('| Gent | 96 | 36% |')
  })

  it('keeps the first rows when no row matches, and leaves a short table whole', () => {
    const out = trimPassage('How was the panel chosen?', passage(table))
    expect(out).toContain('| Oslo | 90 | 30% |')
    expect(out).toContain('| Site | Patients | Response rate |')
    const short = ['Table 2: Units.', '| Unit | bp |', '| --- | --- |', '| cc | 12.79213 |'].join('\n')
    expect(trimPassage('How many bp in a cicero?', passage(short))).toBe(short)
  })
})
