// Stage 4, generate: the model's answer streamed token by token.
import type { AnswerStatus, OllamaProblem } from '@shared/chat-types.js'
import type { OllamaClient } from '../generate/ollama-client.js'
import type { Composed } from './compose.js'

export interface Generated {
  /** The answer text, without any inline reasoning. */
  text: string
  outcome: AnswerStatus
  doneReason: string | null
  problem: OllamaProblem | null
  /** From the start of the question to the first token. */
  firstTokenMs: number | null
}

export async function streamAnswer(
  client: OllamaClient,
  input: {
    model: string
    composed: Composed
    temperature: number
    /** performance.now() when the question was asked. */
    started: number
    signal?: AbortSignal
    onToken: (text: string) => void
  },
): Promise<Generated> {
  const { prompt } = input.composed
  let firstTokenMs: number | null = null
  const res = await client.streamChat({
    model: input.model,
    messages: prompt.messages,
    options: { num_ctx: prompt.numCtx, num_predict: prompt.answerTokens, temperature: input.temperature },
    ...(input.signal ? { signal: input.signal } : {}),
    onToken: (text) => {
      if (firstTokenMs === null) firstTokenMs = performance.now() - input.started
      input.onToken(text)
    },
  })
  return {
    text: stripThinking(res.text),
    outcome: res.outcome,
    doneReason: res.doneReason,
    problem: res.problem,
    firstTokenMs,
  }
}

/** Reasoning models may inline their thinking; it is not part of the answer. */
function stripThinking(text: string): string {
  return text.replace(/<think>[\s\S]*?(?:<\/think>|$)/g, '')
}
