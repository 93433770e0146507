import { describe, expect, it } from 'vitest'
import type { Citation } from '@shared/chat-types.js'
import { claimsCiting, withFocus } from './focus-sentences.js'

const passage = (n: number, text: string): Citation => ({
  n,
  chunkId: n,
  documentId: 1,
  file: '/lib/port.pdf',
  title: 'Port',
  pages: [3],
  text,
})

describe('focus sentences', () => {
  it('finds the answer sentences that cite a source', () => {
    const answer = 'The harbour tide reaches 4.2 metres [1]. Dredging ran in 2019 [2]. Both matter [1, 2].'
    expect(claimsCiting(answer, 1)).toEqual(['The harbour tide reaches 4.2 metres.', 'Both matter.'])
    expect(claimsCiting(answer, 3)).toEqual([])
  })

  it('marks the passage sentences that carry the claim, and leaves uncited passages alone', () => {
    const one = passage(
      1,
      'The port opened in 1870. At spring tide the harbour tide reaches 4.2 metres above chart datum. Pilots board at the outer buoy. Cargo is mostly grain.',
    )
    const two = passage(2, 'Grain silos line the north quay.')
    const [a, b] = withFocus('At spring tide the harbour tide reaches 4.2 metres [1].', [one, two])
    expect(a!.focus).toEqual(['At spring tide the harbour tide reaches 4.2 metres above chart datum.'])
    expect(b!.focus).toBeUndefined()
  })

  it('marks the table row that answers a lookup, not the whole table or its header', () => {
    const table = passage(
      1,
      [
        'The valid values are listed below.',
        'Table 2: Supported color models.',
        '| Value | Color model |',
        '| --- | --- |',
        '| 1 | no model |',
        '| 3 | greyscale |',
        '| 7 | cmyk |',
      ].join('\n'),
    )
    const [a] = withFocus('Setting defaultcolormodel to 7 selects CMYK [1].', [table])
    expect(a!.focus).toEqual(['| 7 | cmyk |'])
  })

  it('marks the line that carries a one-line fact, not a run of heading, description and options', () => {
    const manual = passage(
      1,
      [
        '4.2 Server options',
        'The server reads its options from the command line or from the configuration file',
        'given with --config and the values below apply when neither sets them',
        '--host ADDRESS   address to listen on (all interfaces when unset)',
        '--port NUMBER   port to listen on (default 8080)',
        '--workers N   worker processes to start (one per core)',
        '--log-level LEVEL   how much to log (info)',
        '--timeout SECONDS   idle connection timeout (60)',
      ].join('\n'),
    )
    const [a] = withFocus('The server listens on port 8080 by default [1].', [manual])
    expect(a!.focus).toEqual(['--port NUMBER port to listen on (default 8080)'])
  })

  it('marks the row of a table passage that answers, not the whole table', () => {
    const table = passage(
      1,
      [
        'penguins_pivot1',
        '| Average of body_mass_g / Row Labels | Column Labels / female | male |',
        '| --- | --- | --- |',
        '| Adelie | 3400 | 3966.66666666667 |',
        '| Gentoo | 5000 | 5400 |',
      ].join('\n'),
    )
    const [a] = withFocus('Male Adelie penguins weigh 3966.67 g on average [1].', [table])
    expect(a!.focus).toEqual(['| Adelie | 3400 | 3966.66666666667 |'])
  })

  it('in a passage of text and a small table, marks the sentence that carries the claim, not a row', () => {
    const mixed = passage(
      1,
      [
        'Ledgers are scanned before they leave the office. The Halvorsen ledger archive is kept for seven years after the audit closes.',
        '| Record | Kept for |',
        '| --- | --- |',
        '| Halvorsen ledger | seven years |',
        '| Visitor book | one year |',
      ].join('\n'),
    )
    const [a] = withFocus(
      'The Halvorsen ledger archive is kept for seven years after the audit closes [1].',
      [mixed],
    )
    expect(a!.focus![0]).toBe('The Halvorsen ledger archive is kept for seven years after the audit closes.')
    expect(a!.focus).not.toContain('| Record | Kept for |')
  })
})
