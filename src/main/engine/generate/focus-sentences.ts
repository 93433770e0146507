// The sentences of each cited passage that carry the claims citing it, kept with the citation so
// the viewer can highlight them strongly (the rest of the passage faintly) and a reader sees at a
// glance what supports the claim instead of a page of yellow.
import type { Citation } from '@shared/chat-types.js'
import { splitSentences } from '../text/sentences.js'
import { findCitationMarkers, stripCitationMarkers } from '@shared/citation-markers.js'
import { bestSentences } from './retrieval-only.js'

/** At most this many sentences per passage are marked as carrying the claim. */
const FOCUS_SENTENCES = 2

/** The answer's sentences that cite source n, markers removed. */
export function claimsCiting(answer: string, n: number): string[] {
  return splitSentences(answer)
    .filter((s) => findCitationMarkers(s).some((m) => m.numbers.includes(n)))
    .map(stripCitationMarkers)
}

/** Each source with `focus` set to its sentences that best match what the answer says about it. */
export function withFocus(answer: string, sources: Citation[]): Citation[] {
  return sources.map((s) => {
    const claims = claimsCiting(answer, s.n)
    if (claims.length === 0) return s
    const focus = bestSentences(claims.join(' '), [s], FOCUS_SENTENCES, { clip: false }).map(
      (b) => b.sentence,
    )
    return focus.length ? { ...s, focus } : s
  })
}
