// Functions handed to Playwright's evaluate() run in the page, but they are type-checked with the
// Node test project, which has no DOM library: the page's globals are typed here, once.
interface PageGlobals {
  getComputedStyle(el: unknown): { fontFamily: string }
}

/** The font family the page computes for an element (self-contained: evaluate() serialises it). */
export function computedFontFamily(el: unknown): string {
  return (globalThis as unknown as PageGlobals).getComputedStyle(el).fontFamily
}
