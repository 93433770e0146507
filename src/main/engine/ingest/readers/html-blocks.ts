import { parseHTML } from 'linkedom'
import type { Block, TextBlock } from '../structured-text.js'
import { withCharGridTables } from './char-grid-blocks.js'
import { htmlTable } from './html-table.js'
import { contentChars, dropNavigation, type LinkedBlock } from './navigation-blocks.js'

// HTML → text blocks: the path EPUB chapters, HTML files and Markdown's inline HTML share.
// The markup is parsed into an inert DOM (linkedom: no scripts run, nothing is fetched, no styles
// apply) and walked for its text and structure.

/** Never text: code, styles, embedded objects, forms, and the page's navigation. */
const SKIP = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'canvas',
  'video',
  'audio',
  'img',
  'picture',
  'map',
  'head',
  'title',
  'meta',
  'link',
  'button',
  'select',
  'input',
  'textarea',
  'nav',
])

/** Elements that end the paragraph before them and start a new one. */
const BLOCK = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'blockquote',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'figure',
  'figcaption',
  'caption',
  'address',
  'center',
  'details',
  'summary',
  'hr',
  'form',
  'fieldset',
  'legend',
  'body',
  'html',
  'hgroup',
])

export type HtmlDocument = ReturnType<typeof parseHTML>['document']
type El = HtmlDocument['body']

interface Context {
  kind: TextBlock['kind']
  level?: number
  listDepth: number
}

export function parseHtmlDocument(html: string): HtmlDocument {
  return parseHTML(html).document
}

type Walked = El & { nodeType: number; data?: string }

/** Letters and digits inside the links (`<a href>`) below an element. */
function linkChars(el: El): number {
  let n = 0
  for (const c of el.children as unknown as Iterable<El>) {
    if (c.localName?.toLowerCase() === 'a' && c.hasAttribute('href')) n += contentChars(c.textContent ?? '')
    n += linkChars(c)
  }
  return n
}

/** Removes what is never text: navigation by role, hidden parts, Sphinx's "¶" heading anchors. */
function dropChrome(root: El): void {
  for (const el of root.querySelectorAll(
    '[role="navigation"], [role="search"], [hidden], [aria-hidden="true"], a.headerlink, div.sphinxsidebar',
  ))
    el.remove()
}

/**
 * The text blocks of an HTML element (a document's body, or what Readability kept of it),
 * without its navigation (navigation-blocks.ts).
 */
export function htmlBlocks(root: El): Block[] {
  dropChrome(root)
  const out: LinkedBlock[] = []
  let buf = ''
  /** Letters and digits of `buf` inside a link, and how deep in links the walk is. */
  let bufLinked = 0
  let inLink = 0
  const push = (b: TextBlock, linked = 0) => out.push({ ...b, chars: contentChars(b.text), linked })
  const pushTable = (table: El) => {
    const t = htmlTable(table)
    if (!t) return false
    out.push({
      kind: 'table',
      table: t,
      chars: contentChars(table.textContent ?? ''),
      linked: linkChars(table),
    })
    return true
  }
  const flush = (ctx: Context) => {
    const text = buf.replace(/\s+/g, ' ').trim()
    const linked = bufLinked
    buf = ''
    bufLinked = 0
    if (!text) return
    const b: TextBlock = { kind: ctx.kind, text }
    if (ctx.level !== undefined) b.level = ctx.level
    push(b, linked)
  }
  const walk = (node: El, ctx: Context) => {
    // Sibling by sibling: linkedom builds a new array for every childNodes read.
    for (let child = node.firstChild as Walked | null; child; child = child.nextSibling as Walked | null) {
      if (child.nodeType === 3) {
        const text = child.data ?? child.textContent ?? ''
        buf += text
        if (inLink) bufLinked += contentChars(text)
        continue
      }
      if (child.nodeType !== 1) continue
      const tag = child.localName?.toLowerCase() ?? ''
      if (SKIP.has(tag)) continue
      if (tag === 'br') {
        buf += ' '
        continue
      }
      const heading = /^h([1-6])$/.exec(tag)
      if (heading) {
        flush(ctx)
        const text = (child.textContent ?? '')
          .replace(/\s+/g, ' ')
          .replace(/\s*¶\s*$/, '')
          .trim()
        if (text) push({ kind: 'heading', text, level: Number(heading[1]) })
        continue
      }
      if (tag === 'pre') {
        flush(ctx)
        // A line break inside code is one.
        for (const br of child.querySelectorAll('br')) br.replaceWith('\n')
        const text = child.textContent ?? ''
        // Program output in <pre> may be a table drawn with characters.
        if (text.trim())
          for (const b of withCharGridTables({ kind: 'code', text }))
            if (b.kind === 'table') out.push({ ...b, chars: contentChars(text), linked: 0 })
            else push(b)
        continue
      }
      if (tag === 'table') {
        flush(ctx)
        // A table of data is a table; one that lays out the page is read as its text.
        if (pushTable(child)) continue
      }
      if (tag === 'tr') {
        flush(ctx)
        const cells = [...(child.children as unknown as Iterable<El>)]
          .filter((c) => /^t[dh]$/i.test(c.localName ?? ''))
          .map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim())
        if (cells.some(Boolean)) push({ kind: 'table-row', text: cells.join(' | ') })
        continue
      }
      if (tag === 'li') {
        flush(ctx)
        const id = child.getAttribute('id') ?? ''
        const note = /^(footnote|endnote|fn)/i.test(id) || child.getAttribute('role') === 'doc-footnote'
        const inner: Context = note
          ? { kind: 'footnote', listDepth: ctx.listDepth }
          : { kind: 'list-item', level: ctx.listDepth + 1, listDepth: ctx.listDepth + 1 }
        walk(child, inner)
        flush(inner)
        continue
      }
      if (tag === 'aside' && /footnote|endnote/i.test(child.getAttribute('epub:type') ?? '')) {
        flush(ctx)
        const inner: Context = { kind: 'footnote', listDepth: ctx.listDepth }
        walk(child, inner)
        flush(inner)
        continue
      }
      if (BLOCK.has(tag)) {
        flush(ctx)
        const inner: Context =
          tag === 'blockquote'
            ? { kind: 'quote', listDepth: ctx.listDepth }
            : tag === 'ul' || tag === 'ol'
              ? ctx
              : ctx.kind === 'list-item' || ctx.kind === 'footnote' || ctx.kind === 'quote'
                ? ctx
                : { kind: 'paragraph', listDepth: ctx.listDepth }
        walk(child, inner)
        flush(inner)
        continue
      }
      if (tag === 'a' && child.hasAttribute('href')) {
        inLink++
        walk(child, ctx)
        inLink--
        continue
      }
      walk(child, ctx)
    }
  }
  walk(root, { kind: 'paragraph', listDepth: 0 })
  flush({ kind: 'paragraph', listDepth: 0 })
  return dropNavigation(out)
}
