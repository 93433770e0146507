import path from 'node:path'
import MarkdownIt from 'markdown-it'
import type { Token } from 'markdown-it'
import footnotes from 'markdown-it-footnote'
import type { ParseOptions, ParsedDocument } from '../parse-types.js'
import { plainTable } from '../tables/table-model.js'
import { structuredDocument, type Block, type TextBlock } from '../structured-text.js'
import { withCharGridTables } from './char-grid-blocks.js'
import { decodeText } from './decode-text.js'
import { htmlBlocks, parseHtmlDocument } from './html-blocks.js'

// markdown-it's token stream, read and never rendered: HTML in the Markdown is recognised as such
// (html: true) so that a block of it goes through the HTML path (no scripts, no navigation) and an
// inline tag is no text; links are not made from bare URLs and quotes are left as written. Nothing
// is fetched: markdown-it only tokenises. CommonMark, with GitHub's tables (markdown-it's own) and
// footnotes (markdown-it-footnote).
const parser = new MarkdownIt('default', { html: true, linkify: false, typographer: false }).use(footnotes)

/** A YAML front matter (`---` … `---` or `...`) at the very start: metadata, not text. */
const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/

/** The front matter's `title:`, unquoted, if it has one. */
function frontMatterTitle(yaml: string): string | null {
  const m = /^title:[ \t]*(.+?)[ \t]*$/m.exec(yaml)
  if (!m) return null
  return m[1]!.replace(/^(['"])(.*)\1$/, '$2').trim() || null
}

/** The text of an inline token's children: inline HTML tags and footnote marks are no text. */
function inlineText(token: Token | undefined): string {
  let out = ''
  for (const t of token?.children ?? []) {
    if (t.type === 'text' || t.type === 'code_inline') out += t.content
    else if (t.type === 'softbreak' || t.type === 'hardbreak') out += '\n'
    else if (t.type === 'image') out += inlineText(t)
  }
  return out
}

/** A GitHub table from `table_open` on: its rows of cell texts, and how many of them are the header. */
function tableAt(tokens: Token[], start: number): { rows: string[][]; header: number; end: number } {
  const rows: string[][] = []
  let header = 0
  let inHead = false
  let i = start + 1
  for (; i < tokens.length && tokens[i]!.type !== 'table_close'; i++) {
    const t = tokens[i]!
    if (t.type === 'thead_open') inHead = true
    else if (t.type === 'thead_close') inHead = false
    else if (t.type === 'tr_open') {
      rows.push([])
      if (inHead) header++
    } else if (t.type === 'inline') rows[rows.length - 1]?.push(inlineText(t).trim())
  }
  return { rows, header, end: i }
}

/** The blocks of a token stream: what kind a paragraph is follows what it sits in. */
function blocksOf(tokens: Token[]): Block[] {
  const out: Block[] = []
  const kinds: TextBlock['kind'][] = ['paragraph']
  let listDepth = 0
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    switch (t.type) {
      case 'heading_open':
        out.push({ kind: 'heading', text: inlineText(tokens[++i]), level: Number(t.tag.slice(1)) })
        break
      case 'paragraph_open': {
        const kind = kinds[kinds.length - 1]!
        out.push({
          kind,
          text: inlineText(tokens[++i]),
          ...(kind === 'list-item' ? { level: listDepth } : {}),
        })
        break
      }
      case 'bullet_list_open':
      case 'ordered_list_open':
        listDepth++
        break
      case 'bullet_list_close':
      case 'ordered_list_close':
        listDepth--
        break
      case 'list_item_open':
        kinds.push('list-item')
        break
      case 'blockquote_open':
        kinds.push('quote')
        break
      case 'footnote_open':
        kinds.push('footnote')
        break
      case 'list_item_close':
      case 'blockquote_close':
      case 'footnote_close':
        kinds.pop()
        break
      case 'fence':
      case 'code_block':
        out.push(...withCharGridTables({ kind: 'code', text: t.content.replace(/\r?\n$/, '') }))
        break
      case 'html_block':
        out.push(...htmlBlocks(parseHtmlDocument(`<html><body>${t.content}</body></html>`).body))
        break
      case 'table_open': {
        // A Markdown table's first row is its header.
        const { rows, header, end } = tableAt(tokens, i)
        if (rows.length) out.push({ kind: 'table', table: plainTable(rows, header) })
        i = end
        break
      }
      default:
        break
    }
  }
  return out
}

/** A Markdown file (CommonMark with GitHub's tables and footnotes, YAML front matter) → blocks. */
export async function readMarkdown(
  bytes: Uint8Array,
  file: string,
  opts: ParseOptions = {},
): Promise<ParsedDocument> {
  const name = path.basename(file)
  let source = decodeText(bytes, name).replace(/^\uFEFF/, '')
  const front = FRONT_MATTER.exec(source)
  if (front) source = source.slice(front[0].length)
  const blocks = blocksOf(parser.parse(source, {}))
  // The front matter's title, or the first top-level heading, names the document.
  const h1 = blocks.find((b) => b.kind === 'heading' && b.level === 1)
  const title = (front && frontMatterTitle(front[1]!)) ?? (h1 && h1.kind !== 'table' ? h1.text : null)
  return structuredDocument({ title, unit: 'flow', parts: [{ blocks }] }, name, 'markdown', opts)
}
