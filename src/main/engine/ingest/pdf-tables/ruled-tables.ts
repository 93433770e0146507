import type { Box, Segment } from './geometry.js'

// The lines strategy (pdfplumber's "lines"): ruling segments snapped to common positions and
// joined, grouped into connected frames; a frame with vertical rules gives the columns, its
// horizontal rules the row bands. A stack of full-width horizontal rules without vertical ones
// (booktabs: top, middle and bottom rule) bounds a table whose columns the words give.

/** Segments this close (points) across their direction are one rule. */
const SNAP = 2
/** Collinear segments this close end to start are one rule. */
const JOIN = 3
/** How far a rule may stop short of the rule it meets. */
const TOUCH = 3

export interface RuledRegion {
  box: Box
  /** Interior vertical rules, ascending: the column separators; empty when only rows are ruled. */
  columns: number[]
  /** Interior horizontal rules (y), top first. */
  rules: number[]
  /** y of the first interior rule that spans the whole width: the header's lower edge. */
  headerRule: number | null
}

/** Snaps segments of one direction to shared positions and joins collinear pieces. */
export function mergeSegments(segs: Segment[]): Segment[] {
  const sorted = [...segs].sort((a, b) => a.at - b.at)
  const groups: Segment[][] = []
  for (const s of sorted) {
    const g = groups.at(-1)
    if (g && s.at - g[0]!.at <= SNAP) g.push(s)
    else groups.push([s])
  }
  const out: Segment[] = []
  for (const g of groups) {
    const at = g.reduce((n, s) => n + s.at, 0) / g.length
    const pieces = [...g].sort((a, b) => a.from - b.from)
    let cur: Segment | null = null
    for (const p of pieces) {
      if (cur && p.from <= cur.to + JOIN) cur.to = Math.max(cur.to, p.to)
      else {
        if (cur) out.push(cur)
        cur = { dir: p.dir, at, from: p.from, to: p.to }
      }
    }
    if (cur) out.push(cur)
  }
  return out
}

function meets(h: Segment, v: Segment): boolean {
  return v.at >= h.from - TOUCH && v.at <= h.to + TOUCH && h.at >= v.from - TOUCH && h.at <= v.to + TOUCH
}

/** Full-width horizontal rules of one stack: same left and right ends, within this many points. */
const STACK_ENDS = 6

/** Ruled regions of a page from its ruling segments. */
export function ruledRegions(segments: Segment[]): RuledRegion[] {
  const hs = mergeSegments(segments.filter((s) => s.dir === 'h'))
  const vs = mergeSegments(segments.filter((s) => s.dir === 'v'))
  const regions: RuledRegion[] = []
  // Frames: connected groups of horizontal and vertical rules.
  const parent = new Map<Segment, Segment>()
  const find = (s: Segment): Segment => {
    let r = s
    while (parent.get(r) !== r) r = parent.get(r)!
    return r
  }
  for (const s of [...hs, ...vs]) parent.set(s, s)
  for (const h of hs) for (const v of vs) if (meets(h, v)) parent.set(find(h), find(v))
  const frames = new Map<Segment, Segment[]>()
  for (const s of [...hs, ...vs]) {
    const root = find(s)
    const frame = frames.get(root)
    if (frame) frame.push(s)
    else frames.set(root, [s])
  }
  const used = new Set<Segment>()
  for (const frame of frames.values()) {
    const fh = frame.filter((s) => s.dir === 'h')
    const fv = frame.filter((s) => s.dir === 'v')
    if (fv.length === 0 || fh.length < 2) continue
    const x0 = Math.min(...fh.map((s) => s.from), ...fv.map((s) => s.at))
    const x1 = Math.max(...fh.map((s) => s.to), ...fv.map((s) => s.at))
    const y0 = Math.min(...fv.map((s) => s.from), ...fh.map((s) => s.at))
    const y1 = Math.max(...fv.map((s) => s.to), ...fh.map((s) => s.at))
    if (x1 - x0 < 20 || y1 - y0 < 10) continue
    const columns = [...new Set(fv.map((s) => Math.round(s.at * 10) / 10))]
      .filter((x) => x > x0 + TOUCH && x < x1 - TOUCH)
      .sort((a, b) => a - b)
    const inner = fh.filter((s) => s.at > y0 + TOUCH && s.at < y1 - TOUCH)
    const full = inner.filter((s) => s.from <= x0 + STACK_ENDS && s.to >= x1 - STACK_ENDS)
    for (const s of frame) used.add(s)
    regions.push({
      box: { x: x0, y: y0, w: x1 - x0, h: y1 - y0 },
      columns,
      rules: inner.map((s) => s.at).sort((a, b) => b - a),
      headerRule: full.length ? Math.max(...full.map((s) => s.at)) : null,
    })
  }
  // Stacks of horizontal rules with the same ends and no vertical rules (booktabs).
  const free = hs.filter((h) => !used.has(h)).sort((a, b) => b.at - a.at)
  const taken = new Set<Segment>()
  for (const top of free) {
    if (taken.has(top)) continue
    const stack = free.filter(
      (s) =>
        !taken.has(s) && Math.abs(s.from - top.from) <= STACK_ENDS && Math.abs(s.to - top.to) <= STACK_ENDS,
    )
    if (stack.length < 2 || top.to - top.from < 40) continue
    for (const s of stack) taken.add(s)
    const bottom = stack.at(-1)!
    const partial = free.filter(
      (s) => s.at < top.at && s.at > bottom.at && s.from >= top.from - TOUCH && s.to <= top.to + TOUCH,
    )
    const innerFull = stack.slice(1, -1).map((s) => s.at)
    regions.push({
      box: { x: top.from, y: bottom.at, w: top.to - top.from, h: top.at - bottom.at },
      columns: [],
      rules: [...new Set([...innerFull, ...partial.map((s) => s.at)])].sort((a, b) => b - a),
      headerRule: innerFull.length ? innerFull[0]! : null,
    })
  }
  return regions
}
