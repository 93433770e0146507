import { baseName, pagesLabel } from '@shared/labels.js'
import { NOT_FOUND_MARKER } from './not-found-marker.js'

/**
 * The answer rules. Small local models follow short, concrete rules best. A missing answer is one
 * fixed marker (not-found-marker.ts), which Quire turns into its "not found" card: the model is the
 * second judge of whether the passages answer, after search's own decline rule.
 */
export const ANSWER_SYSTEM_PROMPT = [
  "You answer questions about the user's documents using only the numbered sources in the user's message.",
  'Rules:',
  '- Use only facts stated in the sources. Never use outside knowledge and never guess.',
  '- Cite the source of every statement with its number in square brackets, like [1] or [2][3].',
  '- Copy numbers, dates and names exactly as they appear in the sources.',
  `- If the sources do not contain the answer, reply with exactly ${NOT_FOUND_MARKER} and nothing else.`,
  '- Be concise.',
].join('\n')

/** One numbered source as the model sees it: number, file and pages on one line, then the text. */
export function formatSourceBlock(
  n: number,
  source: { file: string; pages: number[]; locator?: string | null; text: string },
): string {
  return `[${n}] ${baseName(source.file)}, ${pagesLabel(source.pages, null, source.locator)}\n${source.text.trim()}`
}

export function formatAnswerRequest(question: string, sourceBlocks: string[]): string {
  return [
    ...sourcesAndQuestion(question, sourceBlocks),
    '',
    'Answer using only the sources above and cite them as [n].',
  ].join('\n')
}

/** The numbered sources, then the question: the body of every request that cites sources. */
export function sourcesAndQuestion(question: string, sourceBlocks: string[]): string[] {
  return ['Sources:', '', sourceBlocks.join('\n\n'), '', `Question: ${question.trim()}`]
}
