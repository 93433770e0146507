import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import { discoverFiles } from '../ingest/discover-files.js'
import type { ParseOptions, ParsedDocument } from '../ingest/parse-document.js'

type Parse = (bytes: Uint8Array, file: string, opts: ParseOptions) => Promise<ParsedDocument>

interface Early {
  sha256: string
  parsed: Promise<ParsedDocument>
  relay: DraftRelay
}

/** Draft texts of an early parse: held until the import asks for the file, then passed straight on. */
interface DraftRelay {
  held: string[]
  forward: ((texts: string[]) => void) | null
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * Starts extracting the first `count` files of an import on the parse threads right away, so the
 * embedding model (about 1 s to load) and the library open overlap extraction instead of
 * preceding it. Returns the parse function the import uses: it hands over an early result when the
 * bytes it is given are the ones parsed early, and parses normally otherwise. A file the import
 * then skips (unchanged) cost one parse on an otherwise idle thread.
 */
export function parseAhead(parse: Parse, inputs: string[], count: number): Parse {
  const early = new Map<string, Early>()
  const started = (async () => {
    const files = (await discoverFiles(inputs)).filter((f) => !f.problem).slice(0, count)
    for (const f of files) {
      const bytes = await fs.readFile(f.path).catch(() => null)
      if (!bytes) continue
      const relay: DraftRelay = { held: [], forward: null }
      const parsed = parse(bytes, f.path, {
        onDraftTexts: (texts) => (relay.forward ? relay.forward(texts) : relay.held.push(...texts)),
      })
      parsed.catch(() => {}) // A failure is reported when (if) the import asks for this file.
      early.set(f.path, { sha256: sha(bytes), parsed, relay })
    }
  })().catch(() => {})

  return async (bytes, file, opts) => {
    await started
    const hit = early.get(file)
    early.delete(file)
    if (!hit || hit.sha256 !== sha(bytes)) return parse(bytes, file, opts)
    if (opts.onDraftTexts) {
      if (hit.relay.held.length) opts.onDraftTexts(hit.relay.held.splice(0))
      hit.relay.forward = opts.onDraftTexts
    }
    const parsed = await hit.parsed
    opts.onPage?.(parsed.pages.length, parsed.pages.length)
    return parsed
  }
}
