/**
 * A conservative token count without the model's tokenizer (Ollama has no tokenize endpoint).
 * Overestimating only costs a slightly larger num_ctx; underestimating would let Ollama silently
 * cut the prompt, so each rule rounds up: short English words are one token, long words one per
 * four letters, digits one per three (models split numbers into small groups), every other
 * non-space character one, and non-Latin script one per character.
 */
export function estimateTokens(text: string): number {
  let tokens = 0
  for (const m of text.matchAll(/[A-Za-z]+|\d+|[\p{L}\p{M}]+|\S/gu)) {
    const s = m[0]
    if (/^[A-Za-z]/.test(s)) tokens += Math.ceil(s.length / 4)
    else if (/^\d/.test(s)) tokens += Math.ceil(s.length / 3)
    else tokens += s.length
  }
  // Whitespace runs such as blank lines and indentation become tokens of their own.
  tokens += (text.match(/\n/g)?.length ?? 0) / 2
  return Math.ceil(tokens * 1.1)
}

/** Chat templates wrap each message in role markers; a few tokens per message covers all common ones. */
export const MESSAGE_OVERHEAD_TOKENS = 8

export function estimateMessagesTokens(messages: { content: string }[]): number {
  return messages.reduce((sum, m) => sum + estimateTokens(m.content) + MESSAGE_OVERHEAD_TOKENS, 0)
}
