// Checks a model's "standalone question" before search trusts it. A model that answers instead of
// rewriting (or drifts to another subject) would send every follow-up to the same unrelated pages;
// a rejected rewrite falls back to the question plus the earlier turns as retrieval context.
import { queryTerms } from '../retrieve/query-terms.js'
import type { Turn } from './history-window.js'

export type RewriteRejection = 'not-a-question' | 'cites-sources' | 'lost-the-question' | 'off-topic'

const QUESTION_START =
  /^(what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|should|would|will|has|have|had|may|might|must|list|name|describe|explain|compare|summari[sz]e|give|show|tell|find|according)\b/i
const CITES =
  /\[\s*(?:sources?\s*)?\d+|\b(?:source|passage)\s+\d+\b|\baccording to the (?:sources?|passages?)\b/i

function stems(text: string): Set<string> {
  return new Set(queryTerms(text).map((t) => t.stem))
}

/**
 * Null when the rewrite can be searched with; otherwise why not. It must read as a question, cite
 * no sources, keep at least half of the follow-up's own content words, and (when the follow-up has
 * none of its own, "and before that?") carry a content word of an earlier question.
 */
export function rejectRewrite(rewrite: string, question: string, turns: Turn[]): RewriteRejection | null {
  const text = rewrite.trim()
  if (CITES.test(text)) return 'cites-sources'
  if (!text.endsWith('?') && !QUESTION_START.test(text)) return 'not-a-question'
  const got = stems(text)
  const own = [...stems(question)]
  if (own.length > 0) {
    const kept = own.filter((s) => got.has(s)).length
    if (kept * 2 < own.length) return 'lost-the-question'
    return null
  }
  const topic = stems(turns.map((t) => t.question).join(' '))
  if (topic.size > 0 && ![...topic].some((s) => got.has(s))) return 'off-topic'
  return null
}
