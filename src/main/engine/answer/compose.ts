// Stage 3, compose: the passages packed into the model's context and the prompt around them,
// with what packing left out recorded for the trace and the warnings.
import type { AnswerWarning, Citation } from '@shared/chat-types.js'
import type { SearchHit } from '@shared/library-types.js'
import { buildAnswerPrompt, type AnswerPrompt } from '../generate/build-prompt.js'
import { buildComparisonPrompt } from '../generate/compare-prompt.js'
import type { ComparisonPassages } from '../compare/compare-passages.js'

/** Which passages reached the model, as the trace reports it. */
export interface Packing {
  packed: number[]
  omitted: number[]
  truncatedTop: boolean
  numCtx: number | null
  promptTokens: number | null
}

export interface Composed {
  prompt: AnswerPrompt
  packing: Packing
  warnings: AnswerWarning[]
}

export function composePrompt(
  question: string,
  hits: SearchHit[],
  opts: { window: number; answerTokens: number },
): Composed {
  return composedFrom(buildAnswerPrompt(question, hits, opts), opts)
}

/** A comparison's prompt: both documents' passages, each side citing its own pages. */
export function composeComparison(
  question: string,
  comparison: ComparisonPassages,
  opts: { window: number; answerTokens: number },
): Composed {
  const prompt = buildComparisonPrompt(question, comparison.response.results, comparison.sides, {
    ...opts,
    versions: comparison.versions,
  })
  return composedFrom(prompt, opts)
}

function composedFrom(prompt: AnswerPrompt, opts: { window: number }): Composed {
  const warnings: AnswerWarning[] = []
  if (prompt.omitted.length) {
    const total = prompt.sources.length + prompt.omitted.length
    warnings.push({ kind: 'passages-omitted', omitted: prompt.omitted.length, total, window: opts.window })
  }
  if (prompt.trimmed > 0)
    warnings.push({ kind: 'passages-trimmed', count: prompt.trimmed, window: opts.window })
  if (prompt.truncatedTop) warnings.push({ kind: 'top-passage-shortened' })
  return {
    prompt,
    packing: {
      packed: prompt.sources.map((s) => s.chunkId),
      omitted: prompt.omitted.map((h) => h.chunkId),
      truncatedTop: prompt.truncatedTop,
      numCtx: prompt.numCtx,
      promptTokens: prompt.promptTokens,
    },
    warnings,
  }
}

/** The packing of an answer that did not go through the model (declined, retrieval-only). */
export function packingOf(sources: Citation[]): Packing {
  return {
    packed: sources.map((s) => s.chunkId),
    omitted: [],
    truncatedTop: false,
    numCtx: null,
    promptTokens: null,
  }
}
