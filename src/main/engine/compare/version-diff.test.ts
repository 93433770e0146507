import { describe, expect, it } from 'vitest'
import type { DocumentChunk } from '../store/document-chunks.js'
import { versionDiff } from './version-diff.js'

const chunk = (id: number, ord: number, text: string): DocumentChunk => ({
  id,
  ord,
  heading: null,
  text,
  pages: [ord + 1],
  locator: null,
  ocr: false,
})

const SHARED = [
  'The harbour opens at dawn.',
  'Pilots board ships at the outer buoy.',
  'Fees are paid at the harbour office.',
]

describe('versionDiff', () => {
  it('finds two versions of one text and the chunks that changed, even when chunk boundaries moved', () => {
    const a = [
      chunk(1, 0, `${SHARED[0]} ${SHARED[1]}`),
      chunk(2, 1, `${SHARED[2]} The tide reaches 4.2 metres.`),
    ]
    const b = [
      chunk(11, 0, SHARED[0]!),
      chunk(12, 1, `${SHARED[1]} ${SHARED[2]}`),
      chunk(13, 2, 'The tide reaches 4.5 metres. A new quay opened in May.'),
    ]
    const d = versionDiff(a, b)
    expect(d.versions).toBe(true)
    expect(d.differing).toEqual([[2], [13]])
  })

  it('does not count a shared sentence cut by a chunk edge as new', () => {
    const a = [chunk(1, 0, SHARED.join(' ')), chunk(2, 1, 'The tide reaches 4.2 metres.')]
    // The same sentences, but chunked so that the second is cut in two (chunks overlap).
    const b = [
      chunk(11, 0, `${SHARED[0]} Pilots board ships`),
      chunk(12, 1, `at the outer buoy. ${SHARED[2]}`),
      chunk(13, 2, 'The tide reaches 4.5 metres.'),
    ]
    expect(versionDiff(a, b).differing).toEqual([[2], [13]])
  })

  it('does not take two different documents for versions', () => {
    const d = versionDiff([chunk(1, 0, 'Steel output rose.')], [chunk(2, 0, 'Staff numbers fell.')])
    expect(d).toMatchObject({ versions: false, shared: 0 })
  })
})
