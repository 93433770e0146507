// The sentences of each cited passage that carry the claims citing it, kept with the citation so
// the viewer can highlight them strongly (the rest of the passage faintly) and a reader sees at a
// glance what supports the claim instead of a page of yellow.
import type { Citation } from '@shared/chat-types.js'
import { splitSentences } from '../text/sentences.js'
import { findCitationMarkers, stripCitationMarkers } from '@shared/citation-markers.js'
import { bestSentences } from './retrieval-only.js'

/** At most this many sentences per passage are marked as carrying the claim. */
const FOCUS_SENTENCES = 2

/**
 * A "sentence" longer than this many words is no single claim: in manuals, option lists and
 * tables a heading, a description and several options run together without full stops. Such a
 * run is judged line by line, so the strong highlight covers the line that carries the claim.
 */
const LONG_SENTENCE_WORDS = 30

/** Share of the best sentence's score another must reach to be marked strongly too. */
const STRONG_SHARE = 0.6

const flat = (s: string) => s.replace(/\s+/g, ' ').trim()

/** A Markdown table's rule line ("| --- | --- |"), which a table passage has under its header. */
const TABLE_RULE = /^\|( *:?-{3,}:? *\|)+$/

const TABLE_ROW = /^\|.*\|$/

/** A table's caption line ("Table 2: Supported color models."): no claim of the text around it. */
const CAPTION_LINE = /^(table|tab\.)\s+\S+/i

/**
 * The passage's sentences, a long run without sentence ends given as its lines instead. A table
 * passage (ingest/tables/) is its body rows (and notes): each row is the claim's unit, so the row
 * that answers is the one marked, never the caption or the header that every passage repeats.
 */
export function focusUnits(text: string): string[] {
  // A table read inline with the text around it (a PDF's table: sentences, then caption, header,
  // rule and rows): its body rows are units of their own, and the text around it is judged by its
  // sentences as any other. A passage that is a table alone is read below.
  const all = text.split('\n').map(flat)
  const rest = all.filter((l) => !TABLE_ROW.test(l) && !TABLE_RULE.test(l))
  if (rest.some((l) => l && !CAPTION_LINE.test(l)) && all.some((l) => TABLE_RULE.test(l))) {
    const body = all.filter(
      (l, i) => TABLE_ROW.test(l) && !TABLE_RULE.test(l) && !TABLE_RULE.test(all[i + 1] ?? ''),
    )
    return [...focusUnits(rest.join('\n')), ...body]
  }
  const lines = text.split('\n').map(flat).filter(Boolean)
  const rule = lines.findLastIndex((l) => TABLE_RULE.test(l))
  if (rule >= 0) return lines.slice(rule + 1)
  if (lines.filter((l) => TABLE_ROW.test(l)).length >= 2) return lines.filter((l) => TABLE_ROW.test(l))
  return splitSentences(text).flatMap((sentence) => {
    if (sentence.split(' ').length <= LONG_SENTENCE_WORDS) return [sentence]
    const inside = lines.filter((l) => sentence.includes(l))
    return inside.length > 1 ? inside : [sentence]
  })
}

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
    // Units as blocks of their own, so the scoring judges each line of a long run by itself.
    const units = { ...s, text: focusUnits(s.text).join('\n\n') }
    const best = bestSentences(claims.join(' '), [units], FOCUS_SENTENCES, { clip: false })
    // A second sentence is marked only when it carries the claim about as well as the first: one
    // shared word ("server") does not make a sentence part of a one-line fact.
    const top = best[0]?.score ?? 0
    const focus = best.filter((b) => b.score >= top * STRONG_SHARE).map((b) => b.sentence)
    return focus.length ? { ...s, focus } : s
  })
}
