// The words of a summary's two kinds of request. Small local models follow short, concrete rules;
// both ask for sentences that each end with the number of what they came from, as answers do.
import { baseName } from '@shared/labels.js'
import type { ChatMessage } from '../generate/ollama-client.js'

export const SECTION_SYSTEM_PROMPT = [
  "You summarise part of a document using only the numbered passages in the user's message.",
  'Rules:',
  '- Write 3 to 5 short sentences on the main points of the passages.',
  '- End every sentence with the number of the passage it comes from in square brackets, like [1] or [2][3].',
  '- Use only facts stated in the passages. Never use outside knowledge.',
  '- Copy numbers, names and commands exactly as they appear.',
  '- Write only the sentences: no title and no introduction.',
].join('\n')

export const COMBINE_SYSTEM_PROMPT = [
  "You combine statements about one document into a shorter summary, using only the numbered statements in the user's message.",
  'Rules:',
  '- Keep the most important points and merge statements that say the same thing.',
  '- End every sentence with the numbers of the statements it comes from in square brackets, like [1] or [2][5].',
  '- Use only what the statements say. Never use outside knowledge.',
  '- Write only the sentences: no title and no introduction.',
].join('\n')

export interface SummaryFrame {
  title: string
  /** The document's file path. */
  path: string
}

function documentLine(doc: SummaryFrame): string {
  const name = baseName(doc.path)
  return doc.title && doc.title !== name ? `Document: ${doc.title} (${name})` : `Document: ${name}`
}

export function sectionMessages(doc: SummaryFrame, heading: string | null, blocks: string[]): ChatMessage[] {
  const user = [
    documentLine(doc),
    ...(heading ? [`Section: ${heading}`] : []),
    '',
    'Passages:',
    '',
    blocks.join('\n\n'),
    '',
    'Summarise these passages in 3 to 5 sentences, citing them as [n].',
  ].join('\n')
  return [
    { role: 'system', content: SECTION_SYSTEM_PROMPT },
    { role: 'user', content: user },
  ]
}

/** `final`: the request that writes the document's summary itself (more sentences, the whole document). */
export function combineMessages(doc: SummaryFrame, blocks: string[], final: boolean): ChatMessage[] {
  const ask = final
    ? 'Write a summary of the whole document in 5 to 10 sentences, citing the statements as [n].'
    : 'Combine these statements into 4 to 8 sentences, citing them as [n].'
  const user = [documentLine(doc), '', 'Statements:', '', blocks.join('\n\n'), '', ask].join('\n')
  return [
    { role: 'system', content: COMBINE_SYSTEM_PROMPT },
    { role: 'user', content: user },
  ]
}
