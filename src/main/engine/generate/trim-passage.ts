// Shortens a passage to the sentences that matter for the question, each with its neighbours, so
// a small context window holds more sources instead of dropping whole ones. Gaps are marked " … "
// so the model (and anyone reading the prompt) sees that text was left out.
import type { Citation } from '@shared/chat-types.js'
import { bestSentences } from './retrieval-only.js'
import { splitSentences } from '../text/sentences.js'

/** Best sentences kept per passage; each brings the sentence before and after it. */
const BEST = 2
const NEIGHBOURS = 1

export function trimPassage(question: string, passage: Citation): string {
  const sentences = splitSentences(passage.text)
  if (sentences.length <= BEST * (1 + 2 * NEIGHBOURS)) return passage.text
  const best = bestSentences(question, [passage], BEST, { clip: false })
    .map((b) => sentences.indexOf(b.sentence))
    .filter((i) => i >= 0)
  // Nothing in the passage matches the question's words: its opening is the best guess.
  const anchors = best.length ? best : [0]
  const keep = new Set<number>()
  for (const i of anchors)
    for (let j = i - NEIGHBOURS; j <= i + NEIGHBOURS; j++) if (j >= 0 && j < sentences.length) keep.add(j)
  const order = [...keep].sort((a, b) => a - b)
  let out = order[0]! > 0 ? '… ' : ''
  order.forEach((i, k) => {
    if (k > 0) out += i === order[k - 1]! + 1 ? ' ' : ' … '
    out += sentences[i]
  })
  if (order.at(-1)! < sentences.length - 1) out += ' …'
  return out
}
