// `quire ingest --context-headers`: after the import, the local model writes a one-line context for
// each passage that lacks one (engine/generate/context-headers.ts), one model call per passage.
// Run again (with or without files) it resumes with the passages still without one.
import type { ContextHeaderReport } from '../engine/generate/context-headers.js'
import { cliOllamaUrl } from './commands/ask.js'
import type { Io } from './output.js'
import { forTerminal } from './terminal-text.js'

export interface ContextHeadersStepOptions {
  library: string
  /** The embedding model folder (headers are embedded with their passage); null: keyword-only. */
  modelDir: string | null
  ollamaUrl?: string
  model?: string
  signal?: AbortSignal
  /** Progress on stderr (the text report); off with --json. */
  progress: boolean
}

/** What the step did, or why it could not start (Ollama unreachable, no model). */
export type ContextHeadersOutcome =
  | { ran: true; report: ContextHeaderReport; model: string }
  | { ran: false; message: string; fix: string | null }

export async function contextHeadersStep(
  opts: ContextHeadersStepOptions,
  io: Io,
): Promise<ContextHeadersOutcome> {
  const host = cliOllamaUrl(opts.ollamaUrl, io)
  const { OllamaClient } = await import('../engine/generate/ollama-client.js')
  const client = new OllamaClient({ ...(host ? { host } : {}), ...(opts.model ? { model: opts.model } : {}) })
  const status = await client.status()
  if (status.state !== 'ready' || !status.model)
    return { ran: false, message: status.message, fix: status.fix }
  const model = status.model
  const { Library } = await import('../engine/library.js')
  const lib = await Library.open(opts.library, { modelDir: opts.modelDir })
  try {
    const report = await lib.generateContextHeaders(
      { chat: (req) => client.streamChat(req), model },
      {
        ...(opts.signal ? { signal: opts.signal } : {}),
        onProgress: (done, total) => {
          if (opts.progress && total > 0 && io.stdout.isTTY)
            io.stderr.write(`\rContext headers: ${done}/${total}`)
        },
      },
    )
    if (opts.progress && io.stdout.isTTY && report.modelCalls > 0) io.stderr.write('\n')
    return { ran: true, report, model }
  } finally {
    await lib.close()
  }
}

/** One line for the text report. */
export function contextHeadersLine(o: ContextHeadersOutcome): string {
  if (!o.ran)
    return `Context headers not written: ${forTerminal(o.message)}${o.fix ? ` ${forTerminal(o.fix)}` : ''}`
  const r = o.report
  const left =
    r.remaining > 0 ? `, ${r.remaining} left (run \`quire ingest --context-headers\` again to resume)` : ''
  const why = r.problem ? `: ${forTerminal(r.problem.message)}` : r.cancelled ? ' (cancelled)' : ''
  return `Context headers (${forTerminal(o.model)}): ${r.generated} written with ${r.modelCalls} model call${r.modelCalls === 1 ? '' : 's'}${left}${why}`
}

/** The `context_headers` member of the JSON report. */
export function contextHeadersJson(o: ContextHeadersOutcome): Record<string, unknown> {
  if (!o.ran)
    return { written: 0, model_calls: 0, remaining: null, problem: { message: o.message, fix: o.fix } }
  const r = o.report
  return {
    model: o.model,
    written: r.generated,
    model_calls: r.modelCalls,
    remaining: r.remaining,
    cancelled: r.cancelled,
    problem: r.problem ? { message: r.problem.message, fix: r.problem.fix } : null,
  }
}

/** 1 when the model could not be reached or failed part-way (the import itself may have succeeded). */
export function contextHeadersExitCode(o: ContextHeadersOutcome): number {
  return !o.ran || o.report.problem ? 1 : 0
}
