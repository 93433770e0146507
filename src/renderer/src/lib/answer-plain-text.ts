// What "Copy" puts on the clipboard: the answer as plain text (Markdown marks removed, [n] markers
// kept), followed by the numbered list of the sources it cites, so a pasted answer still says
// where each claim comes from.
import type { Nodes, Root } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import type { Citation } from '@shared/chat-types.js'
import { answerSegments } from '@shared/citation-markers.js'
import { baseName, pagesLabel } from '@shared/labels.js'

const parser = unified().use(remarkParse).use(remarkGfm)

function inline(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      return node.value
    case 'break':
      return '\n'
    case 'link':
      return `${node.children.map(inline).join('')} (${node.url})`
    case 'image':
      return node.alt ?? ''
    default:
      return 'children' in node ? node.children.map(inline).join('') : ''
  }
}

function block(node: Nodes, indent: string): string {
  switch (node.type) {
    case 'code':
      return node.value
    case 'list':
      return node.children
        .map((item, i) => {
          const mark = node.ordered ? `${(node.start ?? 1) + i}. ` : '- '
          const body = item.children.map((c) => block(c, indent + '   ')).join('\n')
          return indent + mark + body.trimStart()
        })
        .join('\n')
    case 'table':
      return node.children.map((row) => row.children.map(inline).join('\t')).join('\n')
    case 'blockquote':
      return node.children.map((c) => `> ${block(c, indent)}`).join('\n')
    case 'thematicBreak':
      return '---'
    default:
      return inline(node)
  }
}

export function markdownToPlainText(markdown: string): string {
  const tree = parser.parse(markdown) as Root
  return tree.children
    .map((c) => block(c, ''))
    .join('\n\n')
    .trim()
}

/** The cited sources in number order, one line each: "[1] Title (file.pdf), p. 4". */
export function sourceLines(text: string, sources: Citation[]): string[] {
  const cited = new Set(answerSegments(text).flatMap((s) => (s.kind === 'cite' ? [s.n] : [])))
  return sources
    .filter((s) => cited.has(s.n))
    .map((s) => `[${s.n}] ${s.title} (${baseName(s.file)}), ${pagesLabel(s.pages, s.pageLabels, s.locator)}`)
}

export function answerPlainText(text: string, sources: Citation[]): string {
  const body = markdownToPlainText(text)
  const lines = sourceLines(text, sources)
  return lines.length ? `${body}\n\nSources\n${lines.join('\n')}\n` : `${body}\n`
}

/** One passage, quoted, with where it comes from. */
export function passagePlainText(source: Citation): string {
  return `“${source.text.trim()}”\n— ${source.title} (${baseName(source.file)}), ${pagesLabel(source.pages, source.pageLabels, source.locator)}\n`
}
