import { baseName, pagesLabel } from '@shared/labels.js'

/**
 * The answer rules. Small local models follow short, concrete rules best; the not-found sentence
 * is spelled out so a missing answer reads the same every time.
 */
export const ANSWER_SYSTEM_PROMPT = [
  "You answer questions about the user's documents using only the numbered sources in the user's message.",
  'Rules:',
  '- Use only facts stated in the sources. Never use outside knowledge and never guess.',
  '- Cite the source of every statement with its number in square brackets, like [1] or [2][3].',
  '- Copy numbers, dates and names exactly as they appear in the sources.',
  '- If the sources do not contain the answer, reply with one sentence saying that the documents do not contain the answer, and nothing else.',
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
    'Sources:',
    '',
    sourceBlocks.join('\n\n'),
    '',
    `Question: ${question.trim()}`,
    '',
    'Answer using only the sources above and cite them as [n].',
  ].join('\n')
}
