// The comparison request: both documents' passages numbered in one list, each labelled with its
// document, and rules that ask where the documents agree and where they differ, every statement
// citing its own document's sources. The model's "not found" marker applies as for answers.
import { baseName } from '@shared/labels.js'
import type { SearchHit } from '@shared/library-types.js'
import { fitPrompt, type AnswerPrompt } from './build-prompt.js'
import { NOT_FOUND_MARKER } from './not-found-marker.js'
import { sourcesAndQuestion } from './prompt-text.js'

export const COMPARE_SYSTEM_PROMPT = [
  "You compare two documents using only the numbered sources in the user's message. Each source names the document it comes from.",
  'Rules:',
  '- Say where the two documents agree and where they differ, in a few short bullet points.',
  "- Cite every statement with the numbers of its sources in square brackets, like [1] or [2][3]. A statement about one document cites only that document's sources.",
  '- Use only facts stated in the sources. Copy numbers, dates and names exactly. Never guess.',
  "- If one document's sources say nothing about what is asked, say so.",
  `- If neither document's sources are about what is asked, reply with exactly ${NOT_FOUND_MARKER} and nothing else.`,
].join('\n')

export interface ComparedSide {
  file: string
  title: string
}

export function formatComparisonRequest(
  question: string,
  sides: [ComparedSide, ComparedSide],
  sourceBlocks: string[],
  versions: boolean,
): string {
  const [a, b] = sides.map(
    (s) => `${baseName(s.file)}${s.title && s.title !== baseName(s.file) ? ` ("${s.title}")` : ''}`,
  )
  return [
    `Document A: ${a}`,
    `Document B: ${b}`,
    ...(versions
      ? ['', 'The two are versions of one document; the sources are mostly the sections where they differ.']
      : []),
    '',
    ...sourcesAndQuestion(question, sourceBlocks),
    '',
    'Compare the two documents using only the sources above and cite them as [n].',
  ].join('\n')
}

/** The comparison request for a context of `window` tokens: as many alternating passages as fit. */
export function buildComparisonPrompt(
  question: string,
  hits: SearchHit[],
  sides: [ComparedSide, ComparedSide],
  opts: { window: number; answerTokens: number; versions: boolean },
): AnswerPrompt {
  return fitPrompt(
    COMPARE_SYSTEM_PROMPT,
    (blocks) => formatComparisonRequest(question, sides, blocks, opts.versions),
    question,
    hits,
    opts,
  )
}
