import { inspectModelDir } from '../../engine/embed/model-dir.js'
import { runIngestWorker } from '../../engine/worker/run-ingest-worker.js'
import type { Io } from '../output.js'
import { printJson } from '../output.js'
import { createProgressBar } from '../progress-bar.js'
import { forTerminal } from '../terminal-text.js'
import { ingestRemedy } from '@shared/ingest-remedies.js'

/** Worker scripts of a bundled build; missing = the TypeScript-source entries (tsx). */
export interface IngestWorkerPaths {
  workerUrl?: string
  parseWorkerUrl?: string
}

export interface IngestCommandOptions {
  library: string
  modelDir: string
  json: boolean
  /** OCR scanned pages (default true; `--no-ocr`). */
  ocr?: boolean
  workers?: IngestWorkerPaths
}

export async function ingestCommand(paths: string[], opts: IngestCommandOptions, io: Io): Promise<number> {
  // The mode is decided from the model folder alone: loading the model here too would cost a
  // second model load (~1 s) before the worker, which opens the library (and reconciles its
  // vector index) itself, could start.
  const model = inspectModelDir(opts.modelDir)
  if (!model.ok && !opts.json) {
    io.stderr.write(
      `Keyword-only mode: ${model.reason} Passages will be embedded when a model is available.\n`,
    )
  }
  const bar = opts.json ? null : createProgressBar(io)
  const controller = new AbortController()
  const onSigint = () => controller.abort()
  process.once('SIGINT', onSigint)
  try {
    const report = await runIngestWorker(
      {
        libraryDir: opts.library,
        modelDir: model.ok ? model.dir : null,
        paths,
        ocr: opts.ocr,
      },
      { ...opts.workers, signal: controller.signal, onProgress: (p) => bar?.update(p) },
    )
    bar?.done()
    if (opts.json) {
      printJson(io, {
        documents: report.documents.map(({ file, status, pages, chunks, ocrPages, error, errorCode }) => ({
          file,
          status,
          pages,
          chunks,
          ocr_pages: ocrPages ?? 0,
          error,
          code: errorCode,
          remedy: errorCode ? ingestRemedy(errorCode).remedy : null,
        })),
        elapsed_ms: report.elapsedMs,
        ...(report.problem ? { problem: report.problem } : {}),
      })
    } else {
      for (const d of report.documents) {
        const ocr = d.ocrPages ? ` (${d.ocrPages} by OCR)` : ''
        const what =
          d.status === 'indexed' ? `${d.pages} pages${ocr}, ${d.chunks} passages` : forTerminal(d.error ?? '')
        const code = d.errorCode ? ` [${d.errorCode}]` : ''
        io.stdout.write(`${d.status.padEnd(8)} ${forTerminal(d.file)}  ${what}${code}\n`)
        const remedy = d.errorCode ? ingestRemedy(d.errorCode).remedy : null
        if (remedy) io.stdout.write(`         ${remedy}\n`)
      }
      const count = (s: string) => report.documents.filter((d) => d.status === s).length
      io.stdout.write(
        `${count('indexed')} indexed, ${count('skipped')} skipped, ${count('failed')} failed in ${(report.elapsedMs / 1000).toFixed(1)} s${report.cancelled ? ' (cancelled)' : ''}\n`,
      )
      if (report.problem) io.stderr.write(`${report.problem.message} [${report.problem.code}]\n`)
    }
    return 0
  } finally {
    process.off('SIGINT', onSigint)
  }
}
