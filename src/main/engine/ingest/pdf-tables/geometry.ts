// Plain geometry shared by the table finders: boxes in PDF user space (y grows upwards; a box's
// y is its bottom edge) and axis-aligned ruling segments.

export interface Box {
  x: number
  y: number
  w: number
  h: number
}

/** A horizontal (y fixed, x0 < x1) or vertical (x fixed, y0 < y1) ruling line. */
export interface Segment {
  dir: 'h' | 'v'
  /** The fixed coordinate: y of a horizontal line, x of a vertical one. */
  at: number
  from: number
  to: number
}

export function unionBox(boxes: Box[]): Box {
  const x0 = Math.min(...boxes.map((b) => b.x))
  const y0 = Math.min(...boxes.map((b) => b.y))
  const x1 = Math.max(...boxes.map((b) => b.x + b.w))
  const y1 = Math.max(...boxes.map((b) => b.y + b.h))
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 }
}

/** The box's centre lies inside `outer` (grown by `tol`). */
export function centreInside(b: Box, outer: Box, tol = 0): boolean {
  const cx = b.x + b.w / 2
  const cy = b.y + b.h / 2
  return (
    cx >= outer.x - tol &&
    cx <= outer.x + outer.w + tol &&
    cy >= outer.y - tol &&
    cy <= outer.y + outer.h + tol
  )
}

export function roundBox(b: Box): Box {
  const r = (n: number) => Math.round(n * 100) / 100
  return { x: r(b.x), y: r(b.y), w: r(b.w), h: r(b.h) }
}
