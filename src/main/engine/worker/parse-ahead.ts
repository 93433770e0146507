import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import { discoverFiles } from '../ingest/discover-files.js'
import type { ParseOptions, ParsedDocument } from '../ingest/parse-document.js'

type Parse = (bytes: Uint8Array, file: string, opts: ParseOptions) => Promise<ParsedDocument>

/** The import's parse function, and when the first early parse was handed to the parse threads. */
export type ParseAhead = Parse & { firstStarted: Promise<void> }

interface Early {
  sha256: string
  parsed: Promise<ParsedDocument>
  relay: Relay
  controller: AbortController
}

/**
 * What an early parse reports before the import asks for its file: draft texts are held, page and
 * OCR progress keep their latest value. Once the import asks, everything goes to its own options.
 */
interface Relay {
  to: ParseOptions | null
  held: string[]
  page?: [number, number]
  ocrPage?: [number, number]
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * Starts extracting the first `count` files of an import on the parse threads right away, so the
 * embedding model (about 1 s to load) and the library open overlap extraction instead of
 * preceding it. Returns the parse function the import uses: it hands over an early result when the
 * bytes it is given are the ones parsed early, and parses normally otherwise. A file the import
 * then skips (unchanged) cost one parse on an otherwise idle thread.
 *
 * An early parse runs with the import's OCR setting and cancel signal (`base`); its page and OCR
 * progress reach the import's callbacks once it asks for the file (the latest of each replayed
 * then), and the import's own signal cancels it too: a scan parsed early shows "OCR page n/m"
 * and stops within a page like any other.
 *
 * `firstStarted` settles once the first file's parse has been requested (or none will be): a caller
 * about to keep its thread busy (loading the model) waits for it, or the request would wait for that.
 */
export function parseAhead(
  parse: Parse,
  inputs: string[],
  count: number,
  base: Pick<ParseOptions, 'ocr' | 'signal' | 'resumeOcrIn'> = {},
): ParseAhead {
  const early = new Map<string, Early>()
  let firstStarted!: () => void
  const first = new Promise<void>((resolve) => (firstStarted = resolve))
  const started = (async () => {
    const files = (await discoverFiles(inputs)).filter((f) => !f.problem).slice(0, count)
    for (const f of files) {
      if (base.signal?.aborted) return
      const bytes = await fs.readFile(f.path).catch(() => null)
      if (!bytes) continue
      const relay: Relay = { to: null, held: [] }
      const controller = new AbortController()
      base.signal?.addEventListener('abort', () => controller.abort(), { once: true })
      const parsed = parse(bytes, f.path, {
        ocr: base.ocr,
        signal: controller.signal,
        resumeOcrIn: base.resumeOcrIn,
        onDraftTexts: (texts) => (relay.to ? relay.to.onDraftTexts?.(texts) : relay.held.push(...texts)),
        onPage: (d, t) => {
          relay.page = [d, t]
          relay.to?.onPage?.(d, t)
        },
        onOcrPage: (d, t) => {
          relay.ocrPage = [d, t]
          relay.to?.onOcrPage?.(d, t)
        },
      })
      parsed.catch(() => {}) // A failure is reported when (if) the import asks for this file.
      early.set(f.path, { sha256: sha(bytes), parsed, relay, controller })
      firstStarted()
    }
  })()
    .catch(() => {})
    .finally(firstStarted)

  const ahead: Parse = async (bytes, file, opts) => {
    await started
    const hit = early.get(file)
    early.delete(file)
    if (!hit || hit.sha256 !== sha(bytes)) return parse(bytes, file, opts)
    const { relay } = hit
    relay.to = opts
    if (relay.held.length) opts.onDraftTexts?.(relay.held.splice(0))
    if (relay.page) opts.onPage?.(...relay.page)
    if (relay.ocrPage) opts.onOcrPage?.(...relay.ocrPage)
    if (opts.signal?.aborted) hit.controller.abort()
    opts.signal?.addEventListener('abort', () => hit.controller.abort(), { once: true })
    return hit.parsed
  }
  return Object.assign(ahead, { firstStarted: first })
}
