// How import batches are shown: one card per batch, newest first. A Retry runs as an import job
// of its own, but its file is shown in the row it retries, in the card that row belongs to, so a
// retried file never adds a card and its progress appears where the failure was.
import type { FileProgress, ImportJob } from '@renderer/stores/library-store.js'

export interface ImportCard {
  /** The batch as shown: its rows with each retried file's latest attempt in place. */
  job: ImportJob
  /** The batch's own job first, then its retries (cancel and dismiss reach them all). */
  jobIds: string[]
  /** Jobs of the card still running. */
  running: string[]
}

/** Cards newest first; a retry job whose batch was dismissed is a card of its own. */
export function importCards(jobs: ImportJob[]): ImportCard[] {
  const present = new Set(jobs.map((j) => j.jobId))
  const origins = jobs.filter((j) => !j.retryOf || !present.has(j.retryOf.jobId))
  return origins
    .map((origin) => {
      // Retries of retries belong to the same card: follow each retry to its card's own job.
      const cardOf = (j: ImportJob): string => {
        let at = j
        while (at.retryOf && present.has(at.retryOf.jobId))
          at = jobs.find((x) => x.jobId === at.retryOf!.jobId)!
        return at.jobId
      }
      const retries = jobs.filter((j) => j !== origin && j.retryOf && cardOf(j) === origin.jobId)
      const files: FileProgress[] = [...origin.files]
      for (const retry of retries) {
        for (const f of retry.files) {
          const i = files.findIndex((x) => x.key === f.key || (f.path !== null && x.path === f.path))
          if (i >= 0) files[i] = { ...f, key: files[i]!.key, name: files[i]!.name }
          else files.push(f)
        }
      }
      const group = [origin, ...retries]
      const running = group.filter((j) => j.report === null)
      const latest = group.filter((j) => j.report !== null).at(-1)
      const job: ImportJob = {
        ...origin,
        files,
        filesDone: running.length ? running.reduce((n, j) => n + j.filesDone, 0) : origin.filesDone,
        filesTotal: running.length ? running.reduce((n, j) => n + j.filesTotal, 0) : origin.filesTotal,
        etaSeconds: running.length ? Math.max(...running.map((j) => j.etaSeconds ?? 0)) : 0,
        cancelling: running.some((j) => j.cancelling),
        waiting: running.some((j) => j.waiting),
        // Finished when every attempt has; cancelled while any row still is.
        report:
          running.length || !latest?.report
            ? null
            : { ...latest.report, cancelled: files.some((f) => f.stage === 'cancelled') },
      }
      return { job, jobIds: group.map((j) => j.jobId), running: running.map((j) => j.jobId) }
    })
    .reverse()
}
