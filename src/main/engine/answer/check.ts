// Stage 5, check: citations resolved against the sources the model was given (numbers pointing
// nowhere are removed and reported), the passage sentences each claim rests on, figures that
// appear in none of the cited passages, and what the reader should be warned of.
import type { AnswerWarning, Citation, UnsupportedFigure } from '@shared/chat-types.js'
import { resolveCitations } from '../generate/citations.js'
import { findUnsupportedFigures } from '../generate/figures.js'
import { withFocus } from '../generate/focus-sentences.js'
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
  warnings: AnswerWarning[]
}

export function checkAnswer(generated: Generated, composed: Composed): Checked {
  const given = composed.prompt.sources
  const warnings: AnswerWarning[] = [...composed.warnings]
  const resolved = resolveCitations(generated.text.trim(), given)
  const sources = withFocus(resolved.answer, given)
  if (resolved.invalid.length) warnings.push({ kind: 'invalid-citations', numbers: resolved.invalid })
  const figures = findUnsupportedFigures(resolved.answer, given)
  for (const f of figures) warnings.push({ kind: 'unsupported-figure', figure: f.figure })
  if (generated.outcome === 'complete' && generated.doneReason === 'length') {
    warnings.push({ kind: 'length-limit', answerTokens: composed.prompt.answerTokens })
  }
  if (generated.outcome === 'stopped') warnings.push({ kind: 'stopped' })
  if (generated.outcome === 'failed' && generated.problem)
    warnings.push({ kind: 'broke-off', problem: generated.problem })
  if (generated.outcome === 'complete' && resolved.citations.length === 0 && !saysNotFound(resolved.answer)) {
    warnings.push({ kind: 'no-citations' })
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
