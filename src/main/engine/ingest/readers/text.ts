import path from 'node:path'
import type { ParseOptions, ParsedDocument } from '../parse-types.js'
import { structuredDocument, type Block, type TextBlock } from '../structured-text.js'
import { withCharGridTables } from './char-grid-blocks.js'
import { decodeText } from './decode-text.js'

/** A line underlined with = or - (the heading style of README files and RFC-like texts). */
const UNDERLINE = /^\s*(=+|-+)\s*$/

/** A title-like line: short, opens with a letter or a section number, does not end a sentence. */
function titleLike(line: string): boolean {
  const t = line.trim()
  return (
    t.length >= 2 &&
    t.length <= 80 &&
    /^[\p{Lu}\d]/u.test(t) &&
    !/[.,;]$/.test(t) &&
    t.split(/\s+/).length <= 10
  )
}

/**
 * Plain text → blocks. Paragraphs are separated by blank lines. A heading is a one-line paragraph
 * at column 0 after two or more blank lines (or the file's start), or a line underlined with = or
 * -; text files have one level of headings, except that = underlines outrank - ones.
 */
export function textBlocks(text: string): TextBlock[] {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\f/g, '\n').split('\n')
  const out: TextBlock[] = []
  let para: string[] = []
  let blanks = 2
  let paraBlanks = 2
  const flush = () => {
    if (para.length === 0) return
    const only = para.length === 1 ? para[0]! : null
    if (only !== null && paraBlanks >= 2 && /^\S/.test(only) && titleLike(only))
      out.push({ kind: 'heading', text: only.trim(), level: 1 })
    else if (para.length === 2 && UNDERLINE.test(para[1]!) && titleLike(para[0]!))
      out.push({ kind: 'heading', text: para[0]!.trim(), level: para[1]!.trim().startsWith('=') ? 1 : 2 })
    else out.push({ kind: 'paragraph', text: para.join('\n') })
    para = []
  }
  for (const line of lines) {
    if (line.trim() === '') {
      flush()
      blanks++
      continue
    }
    if (para.length === 0) paraBlanks = blanks
    para.push(line)
    blanks = 0
  }
  flush()
  return out
}

export async function readText(
  bytes: Uint8Array,
  file: string,
  opts: ParseOptions = {},
): Promise<ParsedDocument> {
  const name = path.basename(file)
  // A paragraph may hold a table drawn with characters (a program's output pasted into a README).
  const blocks: Block[] = textBlocks(decodeText(bytes, name)).flatMap((b) =>
    b.kind === 'paragraph' ? withCharGridTables(b) : [b],
  )
  return structuredDocument({ title: null, unit: 'flow', parts: [{ blocks }] }, name, 'text', opts)
}
