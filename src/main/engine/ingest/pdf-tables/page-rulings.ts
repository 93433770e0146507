import { OPS, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { applyMatrix as apply, IDENTITY, multiply, type PdfMatrix as Matrix } from '../pdf-matrix.js'
import type { Segment } from './geometry.js'

// The ruling lines a page draws: straight axis-aligned strokes, and the sides of filled or stroked
// rectangles (LaTeX draws \hline as a thin filled rectangle, Word draws cell borders as strokes),
// in the page's user space, the space pdf.js gives text positions in.

/** A filled rectangle thinner than this (points) is a line, not a box. */
const THIN = 2.5
/** Segments shorter than this are glyph parts (a fraction bar, an accent), not rulings. */
const MIN_LENGTH = 4
/** How far from exactly horizontal/vertical a segment may be (points over its length). */
const SKEW = 0.6

const DRAW_MOVE = 0
const DRAW_LINE = 1
const DRAW_CURVE = 2
const DRAW_QUAD = 3
const DRAW_CLOSE = 4

/** Axis-aligned segment between two points, or null when it is slanted or too short. */
function segmentOf(ax: number, ay: number, bx: number, by: number): Segment | null {
  if (Math.abs(ay - by) <= SKEW && Math.abs(bx - ax) >= MIN_LENGTH)
    return { dir: 'h', at: (ay + by) / 2, from: Math.min(ax, bx), to: Math.max(ax, bx) }
  if (Math.abs(ax - bx) <= SKEW && Math.abs(by - ay) >= MIN_LENGTH)
    return { dir: 'v', at: (ax + bx) / 2, from: Math.min(ay, by), to: Math.max(ay, by) }
  return null
}

/** The points of each sub-path of pdf.js's path data (moveTo/lineTo/closePath), curves dropped. */
function subPaths(data: ArrayLike<number>, ctm: Matrix): [number, number][][] {
  const out: [number, number][][] = []
  let cur: [number, number][] = []
  for (let i = 0; i < data.length;) {
    const op = data[i++]
    if (op === DRAW_MOVE) {
      if (cur.length) out.push(cur)
      cur = [apply(ctm, data[i]!, data[i + 1]!)]
      i += 2
    } else if (op === DRAW_LINE) {
      cur.push(apply(ctm, data[i]!, data[i + 1]!))
      i += 2
    } else if (op === DRAW_CURVE) {
      // A curve ends the straight run: the part after it is a new sub-path.
      if (cur.length) out.push(cur)
      cur = [apply(ctm, data[i + 4]!, data[i + 5]!)]
      i += 6
    } else if (op === DRAW_QUAD) {
      if (cur.length) out.push(cur)
      cur = [apply(ctm, data[i + 2]!, data[i + 3]!)]
      i += 4
    } else if (op === DRAW_CLOSE) {
      if (cur.length > 2) cur.push(cur[0]!)
    } else break
  }
  if (cur.length) out.push(cur)
  return out
}

const STROKES = new Set<number>([OPS.stroke, OPS.closeStroke])
const FILLS = new Set<number>([
  OPS.fill,
  OPS.eoFill,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
])

/** A filled axis-aligned rectangle → its centre line when thin, its four sides otherwise. */
function rectangleEdges(pts: [number, number][]): Segment[] | null {
  const ring =
    pts.length === 5 && pts[4]![0] === pts[0]![0] && pts[4]![1] === pts[0]![1] ? pts.slice(0, 4) : pts
  if (ring.length !== 4) return null
  const xs = ring.map((p) => p[0])
  const ys = ring.map((p) => p[1])
  const x0 = Math.min(...xs)
  const x1 = Math.max(...xs)
  const y0 = Math.min(...ys)
  const y1 = Math.max(...ys)
  // Axis-aligned: every corner sits on the bounding box's corners.
  if (
    !ring.every(
      (p) =>
        (Math.abs(p[0] - x0) < 0.5 || Math.abs(p[0] - x1) < 0.5) &&
        (Math.abs(p[1] - y0) < 0.5 || Math.abs(p[1] - y1) < 0.5),
    )
  )
    return null
  const w = x1 - x0
  const h = y1 - y0
  if (h <= THIN && w >= MIN_LENGTH) return [{ dir: 'h', at: (y0 + y1) / 2, from: x0, to: x1 }]
  if (w <= THIN && h >= MIN_LENGTH) return [{ dir: 'v', at: (x0 + x1) / 2, from: y0, to: y1 }]
  if (w < MIN_LENGTH || h < MIN_LENGTH) return []
  return [
    { dir: 'h', at: y0, from: x0, to: x1 },
    { dir: 'h', at: y1, from: x0, to: x1 },
    { dir: 'v', at: x0, from: y0, to: y1 },
    { dir: 'v', at: x1, from: y0, to: y1 },
  ]
}

/** Every ruling segment the page draws. */
export async function pageRulings(page: PDFPageProxy): Promise<Segment[]> {
  const ops = await page.getOperatorList()
  const out: Segment[] = []
  const stack: Matrix[] = []
  let ctm: Matrix = IDENTITY
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i]
    const args = ops.argsArray[i] as unknown[]
    if (fn === OPS.save) stack.push(ctm)
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm
    else if (fn === OPS.transform) ctm = multiply(ctm, args as Matrix)
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm)
      if (Array.isArray(args?.[0])) ctm = multiply(ctm, args[0] as Matrix)
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm
    else if (fn === OPS.constructPath) {
      const op = args[0] as number
      const data = (args[1] as ArrayLike<number>[] | undefined)?.[0]
      if (!data || !(STROKES.has(op) || FILLS.has(op))) continue
      for (const pts of subPaths(data, ctm)) {
        // A filled shape other than a rectangle is a glyph or a drawing, not a ruling.
        if (FILLS.has(op)) {
          out.push(...(rectangleEdges(pts) ?? []))
          continue
        }
        for (let k = 1; k < pts.length; k++) {
          const s = segmentOf(pts[k - 1]![0], pts[k - 1]![1], pts[k]![0], pts[k]![1])
          if (s) out.push(s)
        }
      }
    }
  }
  return out
}
