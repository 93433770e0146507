import { QuireError } from './errors.js'

/**
 * Longest question (or search query) Quire accepts, in characters, on every route: the app's IPC
 * contract, the browser mode's HTTP API (the same contract), the CLI and the engine itself. A long
 * pasted paragraph fits; a 10 MB "question" (which once took 5.5 GB and printed 17.7 MB of
 * missing words) does not.
 */
export const MAX_QUESTION_CHARS = 4000

/** What a too-long question is told, wherever it was asked. */
export function questionTooLongMessage(length: number): string {
  return (
    `The question is ${length.toLocaleString('en-US')} characters long; a question may be at most ` +
    `${MAX_QUESTION_CHARS.toLocaleString('en-US')}. Ask about one thing at a time, in a sentence or a short paragraph.`
  )
}

/** Throws QUESTION_TOO_LONG when `text` is longer than MAX_QUESTION_CHARS. */
export function checkQuestionLength(text: string): void {
  if (text.length > MAX_QUESTION_CHARS)
    throw new QuireError('QUESTION_TOO_LONG', questionTooLongMessage(text.length))
}
