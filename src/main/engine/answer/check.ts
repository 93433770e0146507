// Stage 5, check: citations resolved against the sources the model was given (numbers pointing
// nowhere are removed and reported), the passage sentences each claim rests on, figures that
// appear in none of the cited passages, and what the reader should be warned of.
import type { Citation, UnsupportedFigure } from '@shared/chat-types.js'
import { resolveCitations } from '../generate/citations.js'
import { findUnsupportedFigures } from '../generate/figures.js'
import { withFocus } from '../generate/focus-sentences.js'
import { problemLine } from '../generate/ollama-problem.js'
import type { Composed } from './compose.js'
import type { Generated } from './generate.js'

export interface Checked {
  answer: string
  /** The sources the answer cites, in number order. */
  citations: Citation[]
  /** Every source the model was given, with the sentences the answer leans on. */
  sources: Citation[]
  invalidCitations: number[]
  unsupportedFigures: UnsupportedFigure[]
  warnings: string[]
}

export function checkAnswer(generated: Generated, composed: Composed): Checked {
  const given = composed.prompt.sources
  const warnings = [...composed.warnings]
  const resolved = resolveCitations(generated.text.trim(), given)
  const sources = withFocus(resolved.answer, given)
  if (resolved.invalid.length) {
    const list = resolved.invalid.map((n) => `[${n}]`).join(', ')
    warnings.push(
      `The answer cited ${list}, which ${resolved.invalid.length === 1 ? 'is not a source it was given' : 'are not sources it was given'}; removed.`,
    )
  }
  const figures = findUnsupportedFigures(resolved.answer, given)
  for (const f of figures)
    warnings.push(`Unsupported figure: "${f.figure}" appears in none of the cited passages.`)
  if (generated.outcome === 'complete' && generated.doneReason === 'length') {
    warnings.push(
      `The answer reached the length limit (${composed.prompt.answerTokens} tokens) and was cut short.`,
    )
  }
  if (generated.outcome === 'stopped') warnings.push('Stopped: the answer is incomplete.')
  if (generated.outcome === 'failed' && generated.problem)
    warnings.push(`The answer broke off: ${problemLine(generated.problem)}`)
  if (generated.outcome === 'complete' && resolved.citations.length === 0 && !saysNotFound(resolved.answer)) {
    warnings.push('The answer cites no sources; check it against the passages.')
  }
  return {
    answer: resolved.answer,
    citations: sources.filter((s) => resolved.citations.some((c) => c.n === s.n)),
    sources,
    invalidCitations: resolved.invalid,
    unsupportedFigures: figures,
    warnings,
  }
}

/** The model's one-sentence "the sources do not contain the answer" needs no citation. */
function saysNotFound(answer: string): boolean {
  return /\b(do(es)? not|don't|doesn't|cannot|can't|no information|not (mention|contain|include|say|provide|state))\b/i.test(
    answer,
  )
}
