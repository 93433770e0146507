import path from 'node:path'
import { Readability } from '@mozilla/readability'
import type { ParseOptions, ParsedDocument } from '../parse-types.js'
import { structuredDocument } from '../structured-text.js'
import { decodeText } from './decode-text.js'
import { htmlBlocks, parseHtmlDocument, type HtmlDocument } from './html-blocks.js'

/**
 * A page saved from a web browser ("Save page as"), whose site chrome (menus, sidebars, footers,
 * cookie banners) would otherwise be read as content: browsers mark what they save, and such
 * pages carry site furniture. Manuals and exports (a single-page user manual, a Sphinx page) are
 * read whole.
 */
export function looksSavedFromWeb(html: string, doc: HtmlDocument): boolean {
  const marked =
    /<!--\s*saved from url=/i.test(html.slice(0, 4096)) ||
    // The markup names them before the DOM is searched (each search walks the whole page).
    (/og:|canonical|<base/i.test(html) &&
      !!doc.querySelector('meta[property^="og:"], link[rel="canonical"][href^="http"], base[href^="http"]'))
  return marked && !!doc.querySelector('header, footer, aside, nav, [role="banner"], [role="contentinfo"]')
}

/** The page with a <body> around its content: linkedom, unlike a browser, does not add one. */
function withBody(html: string): string {
  if (/<body[\s>]/i.test(html)) return html
  const head = /<head[\s>][\s\S]*?<\/head>/i.exec(html)?.[0] ?? ''
  const rest = html
    .replace(head, '')
    .replace(/<\/?html[^>]*>/gi, '')
    .replace(/<!doctype[^>]*>/i, '')
  return `<html>${head}<body>${rest}</body></html>`
}

/** The blocks of an HTML page: Readability's article for a saved web page, else the whole body. */
export function pageBlocks(page: string): { title: string | null; blocks: ReturnType<typeof htmlBlocks> } {
  const html = withBody(page)
  const doc = parseHtmlDocument(html)
  const title = doc.querySelector('title')?.textContent?.trim() || null
  if (looksSavedFromWeb(html, doc)) {
    // Readability edits the DOM it reads: it gets its own copy, and its article is parsed again.
    const article = new Readability(
      parseHtmlDocument(html) as unknown as ConstructorParameters<typeof Readability>[0],
      {
        charThreshold: 200,
      },
    ).parse()
    if (article?.content && (article.textContent ?? '').trim().length >= 200) {
      const body = parseHtmlDocument(`<html><body>${article.content}</body></html>`).body
      return { title: article.title?.trim() || title, blocks: htmlBlocks(body) }
    }
  }
  return { title, blocks: doc.body ? htmlBlocks(doc.body) : [] }
}

/** An HTML file → blocks, in the page's character encoding when it is not UTF-8. */
export async function readHtml(
  bytes: Uint8Array,
  file: string,
  opts: ParseOptions = {},
): Promise<ParsedDocument> {
  const name = path.basename(file)
  const { title, blocks } = pageBlocks(decodeText(bytes, name))
  return structuredDocument({ title, unit: 'flow', parts: [{ blocks }] }, name, 'html', opts)
}
