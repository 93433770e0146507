// A model's summary turned into sentences that each cite what they came from. The model is asked
// to end every sentence with [n]; small models sometimes forget, so a sentence without a marker is
// given the source it shares the most words with, and one that shares too few with any source
// (an introduction, something the model added) is left out: every kept sentence is cited.
import { findCitationMarkers, stripCitationMarkers } from '@shared/citation-markers.js'
import { splitSentences } from '../text/sentences.js'
import { passageStems } from '../text/tokens.js'
import type { SummarySentence } from '../store/section-summaries.js'

/** A numbered thing the model was shown (a passage, or a statement of an earlier summary). */
export interface NumberedSource {
  n: number
  /** The chunk ordinals it stands for. */
  ords: number[]
  text: string
}

export interface Attributed {
  sentences: SummarySentence[]
  /** Sentences that had no valid marker and were given the source they share most words with. */
  inferred: number
  /** Sentences left out: no marker and too little in common with any source. */
  dropped: number
}

/** Shared content words (stems of four letters or more) a sentence needs to be given a source. */
const MIN_SHARED = 2

export function attributeSentences(output: string, sources: NumberedSource[]): Attributed {
  const byN = new Map(sources.map((s) => [s.n, s]))
  const sentences: SummarySentence[] = []
  let inferred = 0
  let dropped = 0
  for (const raw of summarySentences(output)) {
    const text = stripCitationMarkers(raw)
      .replace(/^(?:[-*•]|\d+[.)])\s+/, '')
      .replace(/\*\*/g, '')
      .trim()
    if (!/\p{L}/u.test(text)) continue
    const cited = findCitationMarkers(raw)
      .flatMap((m) => m.numbers)
      .filter((n) => byN.has(n))
    let ords = [...new Set(cited.flatMap((n) => byN.get(n)!.ords))]
    if (!ords.length) {
      const best = closestSource(text, sources)
      if (!best) {
        dropped++
        continue
      }
      inferred++
      ords = best.ords
    }
    sentences.push({ text, ords: ords.sort((a, b) => a - b) })
  }
  return { sentences, inferred, dropped }
}

/**
 * The output's sentences, one per line item or sentence; markers a model puts after the full stop
 * and on the next line ("… end. [2]") go with the sentence before them.
 */
function summarySentences(output: string): string[] {
  const text = output.replace(/<think>[\s\S]*?(?:<\/think>|$)/g, '')
  // One statement per line is how models write summaries; a line ending in a colon introduces a list.
  const lines = text.split(/\n+/).filter((l) => !/:\s*$/.test(l))
  const out: string[] = []
  for (const s of lines.flatMap(splitSentences)) {
    const lead = /^(?:\s*\[[^\]]*\])+/.exec(s)
    if (lead && out.length && findCitationMarkers(lead[0]).length) {
      out[out.length - 1] += ` ${lead[0].trim()}`
      const rest = s.slice(lead[0].length).trim()
      if (rest) out.push(rest)
    } else out.push(s)
  }
  return out
}

function contentStems(text: string): Set<string> {
  return new Set(passageStems(text).filter((w) => w.length >= 4 && /\p{L}/u.test(w)))
}

function closestSource(text: string, sources: NumberedSource[]): NumberedSource | null {
  const words = contentStems(text)
  let best: NumberedSource | null = null
  let bestShared = 0
  for (const s of sources) {
    const theirs = contentStems(s.text)
    let shared = 0
    for (const w of words) if (theirs.has(w)) shared++
    if (shared > bestShared) {
      best = s
      bestShared = shared
    }
  }
  return bestShared >= Math.min(MIN_SHARED, words.size) && bestShared > 0 ? best : null
}
