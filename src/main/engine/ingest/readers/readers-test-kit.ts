// Shared by the reader tests: read bytes through the registry and see the result as a person does.
import { formatLocator } from '@shared/locator.js'
import { readDocument } from '../format-registry.js'
import type { ParsedDocument } from '../parse-types.js'

export async function read(bytes: Uint8Array | string, file: string): Promise<ParsedDocument> {
  return readDocument(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes, file)
}

/** The error a read throws, as { code, message }; null when it succeeds. */
export async function readError(
  bytes: Uint8Array | string,
  file: string,
): Promise<{ code: string; message: string } | null> {
  return read(bytes, file).then(
    () => null,
    (e: unknown) => e as { code: string; message: string },
  )
}

/** The locator, as printed, of the first passage holding `text`. */
export function locatorOf(doc: ParsedDocument, text: string): string | null {
  const chunk = doc.chunks.find((c) => c.text.includes(text))
  if (!chunk) throw new Error(`no passage holds "${text}"`)
  return formatLocator(chunk.locator)
}

/** The stored blocks of the document, as [kind, text] pairs, in order. */
export function blocks(doc: ParsedDocument): [string, string][] {
  return doc.pages.flatMap((p) =>
    p.lines.map((l): [string, string] => [l.kind ?? '?', p.text.slice(l.start, l.end)]),
  )
}
