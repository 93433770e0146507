// How large a page is drawn. A PDF page has a physical size (points), drawn 1 pt : 1 CSS px at
// 100 %. An image file has none Quire can trust (its page size assumes 300 dpi, so a phone photo
// or a screenshot came out a few hundred pixels wide): at 100 % it fits the viewer's width, as a
// scanned page does, and zoom scales from there.

/** The pdf.js scale for a page `pageWidth` points wide; `fitWidth` (CSS px) is set for images. */
export function pageScale(zoom: number, pageWidth: number, fitWidth: number | null): number {
  if (fitWidth === null || !(fitWidth > 0) || !(pageWidth > 0)) return zoom
  return (zoom * fitWidth) / pageWidth
}
