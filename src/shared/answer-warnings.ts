// What the person should know about an answer, as data: the engine records what happened
// (`{ kind, ... }`), and each surface words it from this one table — the CLI with its flags, the
// app with its Settings — so no surface has to recognise another's sentences.
import type { AnswerWarning, OllamaProblem } from './chat-types.js'
import { modelReplacedText, problemFix, type Surface } from './ollama-remedies.js'

export type { AnswerWarning }

/** Warnings that restate the state of the answer itself (mode, status): the app shows those as its own notices. */
export const STATE_WARNINGS: ReadonlySet<AnswerWarning['kind']> = new Set([
  'retrieval-only',
  'broke-off',
  'stopped',
  'stopped-before-start',
])

/** The engine words a problem's fix for the CLI already; the app's wording comes from the remedy table. */
function fixFor(p: OllamaProblem, surface: Surface): string {
  return surface === 'cli' ? p.fix : problemFix(p, surface)
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many)

/** One line for people, worded for where they are. */
export function warningText(w: AnswerWarning, surface: Surface): string {
  switch (w.kind) {
    case 'passages-omitted':
      return `${w.omitted} of ${w.total} retrieved passages did not fit in the model's context (${w.window} tokens) and were left out.`
    case 'passages-trimmed':
      return `${w.count === 1 ? '1 passage was' : `${w.count} passages were`} given to the model as its most relevant sentences to fit its context (${w.window} tokens).`
    case 'top-passage-shortened':
      return "The top passage was too long for the model's context and was shortened."
    case 'invalid-citations': {
      const list = w.numbers.map((n) => `[${n}]`).join(', ')
      return `The answer cited ${list}, which ${plural(w.numbers.length, 'is not a source it was given', 'are not sources it was given')}; removed.`
    }
    case 'unsupported-figure':
      return `Unsupported figure: "${w.figure}" appears in none of the cited passages.`
    case 'length-limit':
      return `The answer reached the length limit (${w.answerTokens} tokens) and was cut short.`
    case 'stopped':
      // Both surfaces keep the partial answer (the CLI in its conversation): one text says so.
      return 'Stopped. The partial answer is kept.'
    case 'stopped-before-start':
      return 'Stopped before the answer began.'
    case 'no-citations':
      return 'The answer cites no sources; check it against the passages.'
    case 'retrieval-only':
      return surface === 'app'
        ? `${w.problem.message} ${fixFor(w.problem, surface)}`
        : `Ollama: ${w.problem.message} ${fixFor(w.problem, surface)}`
    case 'broke-off':
      return `The answer broke off: ${w.problem.message} ${fixFor(w.problem, surface)}`
    case 'note':
      return w.text
    case 'model-replaced':
      return modelReplacedText(w.previous, w.model, surface)
  }
}
