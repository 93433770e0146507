// Settings › Search › Contextual chunk headers (off by default; docs/query-help.md): after each import
// the app's model (Settings › Model) writes a one-line context for each passage still without one,
// one model call per passage. The import itself never waits on the model: its documents are stored
// and searchable first, and a model that cannot be reached leaves the headers for the next import.
import type { IngestReport } from '@shared/library-types.js'
import { OllamaClient } from '../engine/generate/ollama-client.js'
import type { Library } from '../engine/library.js'
import { ChunkContext } from '../engine/store/chunk-context.js'
import type { SettingsService } from './settings-service.js'

export async function contextHeadersAfterImport(
  lib: Library,
  settings: SettingsService,
  signal?: AbortSignal,
): Promise<NonNullable<IngestReport['contextHeaders']>> {
  const s = settings.get()
  const client = new OllamaClient({
    host: s.ollamaHost,
    model: s.model,
    preferredModel: settings.internal().lastModel,
  })
  const status = await client.status()
  if (status.state !== 'ready' || !status.model) {
    const remaining = new ChunkContext(lib.db).pendingCount()
    return { written: 0, modelCalls: 0, remaining, problem: status.message }
  }
  const r = await lib.generateContextHeaders(
    { chat: (req) => client.streamChat(req), model: status.model },
    signal ? { signal } : {},
  )
  return {
    written: r.generated,
    modelCalls: r.modelCalls,
    remaining: r.remaining,
    problem: r.problem?.message ?? null,
  }
}
