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
})
