// A turn answered with a document's cited summary (engine/summarize) instead of retrieved passages:
// the same stored answer as any other (citations numbered [n], sources, trace), so the
// conversation, Copy, export and `ask --json` show it like an answer. The progress of the summary
// streams as events; stopping keeps the sections already summarised, and asking again resumes.
import type { AnswerWarning, RetrievalTrace, SummaryCost } from '@shared/chat-types.js'
import { countOf } from '@shared/labels.js'
import type { SummaryResult } from '../summarize/summarizer.js'
import type { AnswerDraft } from './record.js'

export function summaryDraft(result: SummaryResult): AnswerDraft {
  const { run } = result
  const warnings: AnswerWarning[] = []
  if (run.outcome === 'stopped')
    warnings.push({
      kind: 'note',
      text: `The summary stopped after ${countOf(run.sectionsDone, 'section')} of ${run.sections}; ask again to continue from there (what is done is kept).`,
    })
  return {
    answer: result.text,
    mode: 'llm',
    status: run.outcome,
    declined: false,
    citations: result.citations,
    sources: result.citations,
    model: result.model,
    warnings,
    ollama: run.problem,
    firstTokenMs: null,
    invalidCitations: [],
    unsupportedFigures: [],
  }
}

export function summaryCost(result: SummaryResult): SummaryCost {
  return {
    documentId: result.document.id,
    sections: result.run.sections,
    sectionCalls: result.run.sectionCalls,
    combineCalls: result.run.combineCalls,
    modelCalls: result.run.modelCalls,
  }
}

/** The trace of a summary: no search ran; the packed passages are the cited ones. */
export function summaryTrace(question: string, result: SummaryResult): RetrievalTrace {
  const largest = result.run.requests.reduce((m, r) => Math.max(m, r.promptTokens), 0)
  return {
    question,
    rewrite: null,
    searchQuery: question,
    context: [],
    searchMode: null,
    declined: false,
    decision: null,
    hits: [],
    packed: result.citations.map((c) => c.chunkId),
    omitted: [],
    truncatedTop: false,
    numCtx: result.window,
    promptTokens: largest || null,
    documentIds: [result.document.id],
  }
}
