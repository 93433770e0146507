/** Clockwise turns that make a page upright. */
export type Turn = 90 | 180 | 270

/**
 * Tesseract's orientation detection reports a confidence for its best guess; 13–25 on the dev
 * pages turned each way (BENCHMARKS.md, "OCR"), near 0 on pages with too little text to tell.
 */
export const MIN_ORIENTATION_CONFIDENCE = 5
