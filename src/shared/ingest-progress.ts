// The one import progress model: how far a file and a batch are, and the time left. The import
// queue sends the ETA with each progress event, the app's bars and the CLI's bar draw the same
// fractions, so the ETA and the bar beside it always agree.
import type { IngestProgress } from './library-types.js'

/** Share of one file's work each stage has reached when it starts (embedding dominates). */
const STAGE_START: Record<IngestProgress['stage'], number> = {
  queued: 0,
  waiting: 0,
  reading: 0,
  extracting: 0.05,
  // Text extraction is quick; OCR of scanned pages (when there are any) takes the rest of the share.
  recognizing: 0.1,
  chunking: 0.3,
  embedding: 0.35,
  indexing: 0.95,
  done: 1,
}
const STAGE_END: Record<IngestProgress['stage'], number> = {
  queued: 0,
  waiting: 0,
  reading: 0.05,
  extracting: 0.1,
  recognizing: 0.3,
  chunking: 0.35,
  embedding: 0.95,
  indexing: 1,
  done: 1,
}

/** Fraction of the current file done, 0..1, from its stage and the progress within the stage. */
export function fileFraction(p: Pick<IngestProgress, 'stage' | 'done' | 'total'>): number {
  const within = p.total > 0 ? Math.min(1, Math.max(0, p.done / p.total)) : 0
  return STAGE_START[p.stage] + (STAGE_END[p.stage] - STAGE_START[p.stage]) * within
}

/** Fraction of the whole batch done, 0..1, from files finished plus the current file's stage. */
export function batchFraction(p: IngestProgress): number {
  if (p.filesTotal <= 0) return 0
  const fileShare = p.stage === 'done' ? 0 : fileFraction(p)
  return Math.min(1, (p.filesDone + fileShare) / p.filesTotal)
}

/**
 * Seconds left in the batch, by linear extrapolation of the elapsed time. Null until there is
 * enough to go on (the first few percent or seconds say nothing about a 500-page scan).
 */
export function estimateEtaSeconds(p: IngestProgress, elapsedMs: number): number | null {
  const fraction = batchFraction(p)
  if (fraction >= 1) return 0
  if (fraction < 0.02 || elapsedMs < 1500) return null
  return Math.max(0, Math.round(((elapsedMs / fraction) * (1 - fraction)) / 1000))
}
