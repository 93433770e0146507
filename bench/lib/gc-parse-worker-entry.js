// A parse thread as the import runs it (src/main/engine/worker/parse-worker.ts, started by a
// ParsePool with the import's heap limits) that also counts its own garbage collections, for
// bench/sections/extract-tables-import.ts. The counts are per thread (a worker's isolate), which
// the process-wide --trace-gc output does not tell apart. Asked on a BroadcastChannel, it answers
// with its running totals; the section takes differences between documents.
import { PerformanceObserver, constants } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import v8 from 'node:v8'
import { BroadcastChannel } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register({ tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)) })

export const GC_CHANNEL = 'quire-bench-parse-gc'

const totals = { scavenges: 0, markCompacts: 0, other: 0, gcMs: 0 }
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = /** @type {{ kind?: number }} */ (e.detail ?? {}).kind
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) totals.scavenges++
    else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) totals.markCompacts++
    else totals.other++
    totals.gcMs += e.duration
  }
}).observe({ entryTypes: ['gc'] })

const channel = new BroadcastChannel(GC_CHANNEL)
channel.unref()
channel.onmessage = (m) => {
  if (m.data !== 'totals') return
  // Observer entries are delivered on a later turn of this thread's loop: let them arrive first.
  setTimeout(() => {
    const heap = v8.getHeapStatistics()
    const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')
    channel.postMessage({
      ...totals,
      heapLimitMb: Math.round(heap.heap_size_limit / 2 ** 20),
      youngSpaceMb: young ? Math.round((young.space_size / 2 ** 20) * 10) / 10 : null,
    })
  }, 20)
}

await import('../../src/main/engine/worker/parse-worker.ts')
