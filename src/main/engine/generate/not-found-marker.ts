// The model's own "not found": the answer prompt asks it to reply with a fixed marker when the
// passages do not answer. The marker is never shown: streamed pieces pass through a filter that
// holds back what could still become the marker, and the finished text is read for the verdict.

/** What the model is asked to reply with. Unlike any word of a manual, so it is never the answer. */
export const NOT_FOUND_MARKER = 'NO_ANSWER_IN_SOURCES'

/** The marker's letters: spaces, underscores, hyphens and case do not matter (small models vary them). */
const LETTERS = NOT_FOUND_MARKER.replace(/_/g, '')
/** The marker anywhere, with the formatting a model wraps it in (bold, quotes, code) and a full stop. */
const MARKER_RE = /[*_`"'“”‘’]*\bno[ _-]?answer[ _-]?in[ _-]?(?:the[ _-]?)?sources\b[*_`"'“”‘’]*[.!:;,]?/gi
/** Formatting a reply may open with before the marker. */
const LEADING_MARKS = /^[\s*_`"'“”‘’>#([-]+/

/**
 * A short reply with no citation that only says the sources lack the answer: the model ignored the
 * marker and said it in prose ("The documents do not contain the answer.").
 */
const PROSE_NOT_FOUND =
  /^(?:i'?m sorry,?\s*(?:but\s*)?)?(?:the\s+)?(?:provided\s+|given\s+)?(?:documents?|sources?|passages?|context|texts?)\s+(?:provided\s+|given\s+)?(?:do(?:es)?\s+not|don't|doesn't)\s+(?:contain|include|provide|mention|say|answer|state|give)\b/i

export interface ModelVerdict {
  /** The model said the passages do not answer (the marker first, or a bare prose "not found"). */
  declined: boolean
  /** The answer without the marker; when declined, whatever the model wrote after it (may be ''). */
  text: string
}

/**
 * Reads a finished reply. The marker first (after any formatting) declines, and what follows it is
 * kept as the model's remark; a marker after an answer is dropped and the answer stands; a reply
 * that is only the marker, or only a one-sentence prose "not found" without citations, declines.
 */
export function readModelVerdict(reply: string): ModelVerdict {
  const text = reply.trim()
  const opening = text.replace(LEADING_MARKS, '')
  const first = new RegExp(MARKER_RE.source, 'i').exec(opening)
  if (first && first.index === 0) {
    const rest = tidy(opening.slice(first[0].length).replace(MARKER_RE, ''))
    return { declined: true, text: rest }
  }
  const without = tidy(text.replace(MARKER_RE, ''))
  if (!without) return { declined: true, text: '' }
  if (first) return { declined: false, text: without }
  if (isProseNotFound(without)) return { declined: true, text: '' }
  return { declined: false, text: without }
}

function isProseNotFound(text: string): boolean {
  if (/\[\d+\]/.test(text)) return false
  const sentences = text.split(/(?<=[.!?])\s+/).filter(Boolean)
  return sentences.length <= 2 && PROSE_NOT_FOUND.test(text)
}

function tidy(text: string): string {
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/ {2,}/g, ' ')
    .trim()
}

/** The marker's letters of `s` (upper case, without spaces, underscores and hyphens). */
function lettersOf(s: string): string {
  return s.toUpperCase().replace(/[\s_-]/g, '')
}

/**
 * Streamed pieces with the marker taken out. At the start, text is held while it could still be
 * the marker; once the reply opens with it, nothing more is passed on (the answer becomes the
 * "not found" card when it ends). Later, a tail that could be the start of a marker is held until
 * the next piece shows what it is.
 */
export class MarkerFilter {
  private state: 'opening' | 'declined' | 'answer' = 'opening'
  private held = ''

  /** True once the reply opened with the marker. */
  get declined(): boolean {
    return this.state === 'declined'
  }

  /** The text that can be shown now (possibly ''). */
  push(piece: string): string {
    if (this.state === 'declined') return ''
    this.held += piece
    if (this.state === 'opening') {
      const letters = lettersOf(this.held.replace(LEADING_MARKS, ''))
      if (letters.startsWith(LETTERS)) {
        this.state = 'declined'
        this.held = ''
        return ''
      }
      // Still possibly the marker (or only formatting so far): wait for more.
      if (LETTERS.startsWith(letters)) return ''
      this.state = 'answer'
    }
    return this.release(false)
  }

  /** What is still held when the reply ends (a tail that turned out not to be the marker). */
  end(): string {
    if (this.state === 'declined') return ''
    if (this.state === 'opening') {
      const verdict = readModelVerdict(this.held)
      this.state = verdict.declined ? 'declined' : 'answer'
      if (verdict.declined) return ''
    }
    return this.release(true)
  }

  private release(final: boolean): string {
    const cleaned = this.held.replace(MARKER_RE, '')
    const keep = final ? 0 : partialMarkerTail(cleaned)
    this.held = cleaned.slice(cleaned.length - keep)
    return cleaned.slice(0, cleaned.length - keep)
  }
}

/** How many trailing characters could be the beginning of the marker (0 when none). */
function partialMarkerTail(text: string): number {
  const window = Math.min(text.length, NOT_FOUND_MARKER.length + 12)
  for (let len = window; len > 0; len--) {
    const start = text.length - len
    // A marker starts a word (possibly after formatting marks).
    if (start > 0 && /[\p{L}\p{N}]/u.test(text[start - 1]!)) continue
    const tail = text.slice(start)
    if (!/^[*_`"'“”‘’]*[nN]/.test(tail)) continue
    const letters = lettersOf(tail.replace(/^[*_`"'“”‘’]+/, ''))
    if (letters && LETTERS.startsWith(letters)) return len
  }
  return 0
}
