import type { ChatReply, ChatRequestBody } from './fake-ollama.js'

/**
 * The reply when a test scripts nothing: deterministic and grounded, so benchmarks and end-to-end
 * tests get a plausible answer. With numbered sources in the prompt it quotes the first sentence
 * of source [1] and cites it; otherwise (e.g. a question rewrite) it echoes the question.
 */
export function defaultChatReply(body: ChatRequestBody): ChatReply {
  const last = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user')?.content ?? ''
  const source = /^\[1\][^\n]*\n([\s\S]*?)(?:\n\n\[\d+\]|\n\n(?:Question|Follow-up question):|$)/m.exec(last)
  if (source?.[1]) {
    const text = source[1].replace(/\s+/g, ' ').trim()
    const sentence = /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text.slice(0, 200)
    return { tokens: splitTokens(`${sentence} [1]`) }
  }
  const question = /(?:Follow-up question|Question):\s*(.+)/.exec(last)?.[1]?.trim() ?? last.trim()
  return { tokens: splitTokens(question || 'I have no question to answer.') }
}

/** Splits text into word-sized pieces the way a model streams: each piece keeps its leading space. */
export function splitTokens(text: string): string[] {
  return text.match(/\s*\S+/g) ?? []
}

/**
 * A model that echoes its input: one line per numbered source in the prompt, the source's first
 * sentence (its first 24 words when longer, as a model's sentence is) followed by its number ([n]), or, with `cite: false`, the same lines without any number
 * (a model that ignores the citation rule). Every request a summary makes gets a reply whose every
 * sentence can be traced back, so tests can check where each cited sentence came from.
 */
const ECHO_WORDS = 24

export function echoSourcesReply(body: ChatRequestBody, opts: { cite?: boolean } = {}): ChatReply {
  const last = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user')?.content ?? ''
  const lines: string[] = []
  for (const m of last.matchAll(/^\[(\d+)\][^\n]*\n([\s\S]*?)(?=\n\n|$(?![\s\S]))/gm)) {
    const text = m[2]!.replace(/\s+/g, ' ').trim()
    const first = /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text
    const sentence = first
      .split(' ')
      .slice(0, ECHO_WORDS)
      .join(' ')
      .replace(/[.!?]$/, '')
    lines.push(opts.cite === false ? `${sentence}.` : `${sentence} [${m[1]}].`)
  }
  return { tokens: splitTokens(lines.join('\n') || 'Nothing to echo.') }
}
