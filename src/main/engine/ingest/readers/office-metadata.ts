import type { BoundedZip } from '../bounded-zip.js'

/** The title an Office Open XML file records (docProps/core.xml dc:title), when it has one. */
export function ooxmlTitle(zip: BoundedZip): string | null {
  const core = zip.text('docProps/core.xml')
  const m = core && /<dc:title>([^<]*)<\/dc:title>/.exec(core)
  return m ? unescapeXml(m[1]!).trim() || null : null
}

export function unescapeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&amp;/g, '&')
}
