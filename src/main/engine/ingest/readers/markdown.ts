import path from 'node:path'
import type { Nodes, Root } from 'mdast'
import { toString } from 'mdast-util-to-string'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import type { ParseOptions, ParsedDocument } from '../parse-types.js'
import { plainTable } from '../tables/table-model.js'
import { structuredDocument, type Block, type TextBlock } from '../structured-text.js'
import { decodeText } from './decode-text.js'
import { htmlBlocks, parseHtmlDocument } from './html-blocks.js'

/** Text of phrasing content, with inline HTML (anchors such as <a name=…>) reduced to its text. */
function inlineText(node: Nodes): string {
  if (node.type === 'html') return parseHtmlDocument(`<body>${node.value}</body>`).body?.textContent ?? ''
  if ('children' in node) return node.children.map((c) => inlineText(c as Nodes)).join('')
  return toString(node)
}

function blocksOf(node: Nodes, out: Block[], listDepth: number, kind: TextBlock['kind'] = 'paragraph'): void {
  switch (node.type) {
    case 'root':
    case 'blockquote':
      for (const c of node.children) blocksOf(c, out, listDepth, node.type === 'blockquote' ? 'quote' : kind)
      return
    case 'heading':
      out.push({ kind: 'heading', text: inlineText(node), level: node.depth })
      return
    case 'paragraph':
      out.push({ kind, text: inlineText(node), ...(kind === 'list-item' ? { level: listDepth } : {}) })
      return
    case 'list':
      for (const item of node.children) blocksOf(item, out, listDepth + 1, kind)
      return
    case 'listItem':
      for (const c of node.children) blocksOf(c, out, listDepth, c.type === 'paragraph' ? 'list-item' : kind)
      return
    case 'code':
      out.push({ kind: 'code', text: node.value })
      return
    case 'table': {
      // A Markdown table's first row is its header.
      const rows = node.children.map((row) => row.children.map((cell) => inlineText(cell).trim()))
      if (rows.length) out.push({ kind: 'table', table: plainTable(rows, 1) })
      return
    }
    case 'footnoteDefinition':
      for (const c of node.children) blocksOf(c, out, listDepth, 'footnote')
      return
    case 'html':
      out.push(...htmlBlocks(parseHtmlDocument(`<html><body>${node.value}</body></html>`).body))
      return
    default:
      return
  }
}

/** A Markdown file (CommonMark with GitHub's tables and footnotes) → blocks. */
export async function readMarkdown(
  bytes: Uint8Array,
  file: string,
  opts: ParseOptions = {},
): Promise<ParsedDocument> {
  const name = path.basename(file)
  const tree = unified().use(remarkParse).use(remarkGfm).parse(decodeText(bytes, name)) as Root
  const blocks: Block[] = []
  blocksOf(tree, blocks, 0)
  // A YAML front matter title, or the first top-level heading, names the document.
  const h1 = blocks.find((b) => b.kind === 'heading' && b.level === 1)
  const title = h1 && h1.kind !== 'table' ? h1.text : null
  return structuredDocument({ title, unit: 'flow', parts: [{ blocks }] }, name, 'markdown', opts)
}
