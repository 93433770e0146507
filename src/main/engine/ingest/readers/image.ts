// Scans saved as images (PNG, JPEG, TIFF): read with OCR, one page per image (ocr/parse-image.ts).
export { parseImage as readImage } from '../../ocr/parse-image.js'
