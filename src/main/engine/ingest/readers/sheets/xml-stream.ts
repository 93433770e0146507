import { SaxesParser, type SaxesTagPlain } from 'saxes'
import { QuireError } from '@shared/errors.js'
import type { BoundedZip } from '../../bounded-zip.js'

// An entry of a zip archive read as XML events while it inflates (BoundedZip.stream + saxes), so
// a worksheet of any size is read in pieces and never held whole as text.

export interface XmlHandlers {
  open?: (tag: SaxesTagPlain) => void
  close?: (name: string) => void
  text?: (text: string) => void
  /** Bytes of the entry inflated so far, as each piece is about to be parsed (for progress). */
  bytes?: (read: number) => void
}

/** Bytes of XML parsed at a time between progress updates. */
const PIECE = 64 * 1024

/** The local part of a tag name ("x:row" → "row"), as files written with prefixes name them. */
export const local = (name: string) => name.slice(name.indexOf(':') + 1)

/**
 * Streams `entry` of `zip` through the handlers. Returns false when the archive has no such
 * entry. XML that is not well formed is DOC_CORRUPT; a cancelled import stops between pieces.
 */
export function streamXml(
  zip: BoundedZip,
  entry: string,
  file: string,
  handlers: XmlHandlers,
  signal?: AbortSignal,
): boolean {
  const parser = new SaxesParser()
  const damaged = (err: unknown) =>
    new QuireError(
      'DOC_CORRUPT',
      `${file} is damaged and cannot be read: ${entry} is not well-formed XML (${err instanceof Error ? err.message : String(err)}).`,
    )
  parser.on('error', (err) => {
    throw damaged(err)
  })
  if (handlers.open) parser.on('opentag', handlers.open)
  if (handlers.close) {
    const close = handlers.close
    parser.on('closetag', (tag) => close(tag.name))
  }
  if (handlers.text) {
    parser.on('text', handlers.text)
    parser.on('cdata', handlers.text)
  }
  const decoder = new TextDecoder()
  let read = 0
  const found = zip.stream(entry, (chunk) => {
    if (signal?.aborted) throw new QuireError('CANCELLED', 'Import cancelled.')
    // One inflated chunk can hold a megabyte of XML: parsed in pieces, so progress moves within it.
    for (let i = 0; i < chunk.length; i += PIECE) {
      const piece = chunk.subarray(i, i + PIECE)
      read += piece.length
      handlers.bytes?.(read)
      parser.write(decoder.decode(piece, { stream: true }))
    }
  })
  if (!found) return false
  parser.write(decoder.decode())
  parser.close()
  return true
}

/** An attribute of a tag by its local name. */
export function attr(tag: SaxesTagPlain, name: string): string | undefined {
  const direct = tag.attributes[name]
  if (direct !== undefined) return direct
  for (const [k, v] of Object.entries(tag.attributes)) if (local(k) === name) return v
  return undefined
}
