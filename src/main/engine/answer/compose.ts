// Stage 3, compose: the passages packed into the model's context and the prompt around them,
// with what packing left out recorded for the trace and the warnings.
import type { Citation } from '@shared/chat-types.js'
import type { SearchHit } from '@shared/library-types.js'
import { buildAnswerPrompt, type AnswerPrompt } from '../generate/build-prompt.js'

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
  warnings: string[]
}

export function composePrompt(
  question: string,
  hits: SearchHit[],
  opts: { window: number; answerTokens: number },
): Composed {
  const prompt = buildAnswerPrompt(question, hits, opts)
  const warnings: string[] = []
  if (prompt.omitted.length) {
    const total = prompt.sources.length + prompt.omitted.length
    warnings.push(
      `${prompt.omitted.length} of ${total} retrieved passages did not fit in the model's context (${opts.window} tokens) and were left out.`,
    )
  }
  if (prompt.trimmed > 0) {
    const which = prompt.trimmed === 1 ? '1 passage was' : `${prompt.trimmed} passages were`
    warnings.push(
      `${which} given to the model as its most relevant sentences to fit its context (${opts.window} tokens).`,
    )
  }
  if (prompt.truncatedTop)
    warnings.push("The top passage was too long for the model's context and was shortened.")
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
