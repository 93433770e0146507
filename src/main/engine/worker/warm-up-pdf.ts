import { assemblePdf } from './assemble-pdf.js'

/**
 * A small PDF made in memory (a few pages of text in a standard font) that a new extraction thread
 * parses once while it waits for work: pdf.js is loaded and its parsing paths compiled by the JIT
 * before the first real document arrives, instead of during it (a cold thread reads its first
 * document at about half speed).
 */
export function warmUpPdf(pages = 4): Uint8Array {
  const line = 'Warm-up text: the quick brown fox jumps over the lazy dog, 0123456789.'
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${4 + 2 * i} 0 R`).join(' ')}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]
  for (let i = 0; i < pages; i++) {
    const text = Array.from(
      { length: 40 },
      (_, k) => `BT /F1 10 Tf 72 ${740 - k * 16} Td (${line}) Tj ET`,
    ).join('\n')
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`,
      `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    )
  }
  return assemblePdf(objects)
}
