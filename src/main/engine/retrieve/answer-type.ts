/**
 * Expected answer types, the classic factoid-QA signal: a "what year" question is answered by a
 * passage holding a year, a "how do I" question by one holding a command, call or option. Used as
 * a small re-ranking bonus among passages that already match the question's words.
 */
export type AnswerType = 'year' | 'number' | 'command'

const TYPE_PATTERNS: [AnswerType, RegExp][] = [
  ['year', /\b(what|which) year\b|\bwhen (was|were|did|is)\b|\bsince when\b/i],
  [
    'number',
    /\bhow (many|much|large|long|big|wide|tall|high|often|far)\b|\bwhat (is|was|are) the (default|maximum|minimum|value|number|size|width|height|count|percentage|estimate)\b|\bby how much\b/i,
  ],
  [
    'command',
    /\bhow (do|can|could|should|would|must) (i|you|we|one)\b|\bhow to\b|\b(what|which) (command|option|flag|switch|syntax|call|function|argument|parameter|setting)\b|\b(a|the|which) flag\b|\bcommand[- ]line\b/i,
  ],
]

export function expectedAnswerTypes(question: string): Set<AnswerType> {
  const out = new Set<AnswerType>()
  for (const [type, re] of TYPE_PATTERNS) if (re.test(question)) out.add(type)
  return out
}

const YEAR = /\b(1[89]\d\d|20\d\d)\b/
const NUMBER = /(^|[^\w.])-?\d+([.,]\d+)?(?![\w.]*[a-z]{3})/g
const CODE_SIGNALS = [
  /(^|\s)--?[A-Za-z][\w-]*/, // command-line option
  /\b[A-Za-z_][\w.]*\([^()]*\)/, // function call
  /[A-Za-z_]\w*\s*=\s*\S/, // assignment or argument
  /\s~\s|<\/?[a-z][\w.:-]*[\s>]/i, // formula or markup
  /(^|\n)\s*[$>]\s+\S/, // shell prompt
]

/** How well a passage fits the expected answer types, 0..1. */
export function answerTypeFit(text: string, types: Set<AnswerType>): number {
  if (types.size === 0) return 0
  let best = 0
  for (const t of types) {
    best = Math.max(best, fitOf(t, text))
  }
  return best
}

function fitOf(type: AnswerType, text: string): number {
  if (type === 'year') return YEAR.test(text) ? 1 : 0
  if (type === 'number') return Math.min(1, (text.match(NUMBER)?.length ?? 0) / 4)
  return Math.min(1, CODE_SIGNALS.filter((re) => re.test(text)).length / 2)
}

/**
 * Command-line options typed in the question ("-I", "--prefix", "-V"): tokenisation throws their
 * dashes away, so they are matched verbatim (case matters: -v and -V differ).
 */
export function optionTokens(question: string): string[] {
  return [...question.matchAll(/(?:^|[\s(,])(--?[A-Za-z][\w-]*)(?=[\s),.?!:;]|$)/g)].map((m) => m[1]!)
}

export function countVerbatim(text: string, tokens: string[]): number {
  let n = 0
  for (const t of tokens) {
    const re = new RegExp(`(^|[\\s(,'"])${t.replace(/[-\\^$*+?.()|[\]{}]/g, '\\$&')}(?![\\w-])`)
    if (re.test(text)) n++
  }
  return n
}
