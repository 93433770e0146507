import { batchFraction, estimateEtaSeconds } from '@shared/ingest-progress.js'
import type { IngestProgress } from '@shared/library-types.js'
import type { Io } from './output.js'
import { forTerminal } from './terminal-text.js'

/** A one-line live progress bar for terminals; plain lines when output is not a TTY. */
export function createProgressBar(io: Io): { update(p: IngestProgress): void; done(): void } {
  const tty = !!io.stdout.isTTY
  let last = 0
  let lastFile = ''
  const started = Date.now()
  return {
    update(p) {
      const now = Date.now()
      // Said once, on a line of its own, in a terminal or not: the import has not started yet.
      if (p.stage === 'waiting') {
        io.stderr.write(`${forTerminal(p.message ?? 'Waiting for the import in progress to finish.')}\n`)
        return
      }
      if (!tty) {
        if (p.stage === 'done' && p.file !== lastFile) {
          io.stderr.write(`[${p.filesDone}/${p.filesTotal}] ${forTerminal(p.file)}\n`)
          lastFile = p.file
        }
        return
      }
      if (now - last < 80 && p.stage !== 'done') return
      last = now
      const width = 24
      // The app's progress model: stage-weighted, so the bar and the ETA agree with the app's.
      const frac = p.filesTotal > 0 ? batchFraction(p) : 1
      const filled = Math.round(frac * width)
      const eta = estimateEtaSeconds(p, now - started)
      const name = forTerminal(p.file.split(/[\\/]/).pop() ?? '')
      // OCR is slow per page: show which scanned page the recogniser is on.
      const stage = p.stage === 'recognizing' ? `OCR page ${p.done}/${p.total}` : p.stage
      const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${p.filesDone}/${p.filesTotal} ${stage} ${name}${eta !== null ? ` ETA ${eta}s` : ''}`
      const cols = io.stdout.columns ?? 100
      io.stdout.write(`\r${line.slice(0, cols - 1).padEnd(Math.min(cols - 1, 100))}`)
    },
    done() {
      if (tty) io.stdout.write('\n')
    },
  }
}
