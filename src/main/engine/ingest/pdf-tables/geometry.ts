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
  // Folded pairwise: the same extremes as Math.min/max over all of them (NaN and -0 included),
  // without four arrays per call (the table finder calls it for every cell and row it builds).
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  for (const b of boxes) {
    x0 = Math.min(x0, b.x)
    y0 = Math.min(y0, b.y)
    x1 = Math.max(x1, b.x + b.w)
    y1 = Math.max(y1, b.y + b.h)
  }
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
