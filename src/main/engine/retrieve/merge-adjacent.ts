// Neighbouring chunks of one document that both rank well are one passage to a reader: the answer
// often starts in one chunk and ends in the next ("fitted like this… then test with coeftest(…)").
// Returning them as one passage gives the reader (and the model) the whole stretch at the better
// chunk's rank, and frees a result slot for another place in the library.
import { HEADING_PATH_SEPARATOR, opensWithOwnHeading } from '../text/heading-path.js'

/** A ranked chunk, best first, with its position in its document. */
export interface RankedChunk {
  id: number
  documentId: number
  /** Order of the chunk within its document (chunks.ord). */
  ord: number
  score: number
  text: string
  /**
   * The chunk's heading path ("2 Installation > 2.5 Search paths"). A passage stays inside one
   * section and its subsections: a sibling section is another topic, and citing it would send the
   * reader to the wrong place. The one step out allowed is reading on into the first chunk of the
   * section that follows, which opens with its heading: an answer often begins right under the
   * next heading ("Why the syntax changes" followed by "Running the converter").
   */
  section: string | null
  /** The chunk matches the question well enough by itself to be added to a neighbour's passage. */
  joinable: boolean
}

/** A passage made of one or more consecutive chunks of one document. */
export interface MergedPassage<C extends RankedChunk> {
  /** The best-ranked member: its score is the passage's score. */
  anchor: C
  /** Members in document order. */
  members: C[]
  text: string
}

export interface MergeOptions {
  /** Passages to return. */
  k: number
  /** Most chunks in one passage (1 turns merging off). */
  maxChunks: number
  /**
   * Most words of a passage made by two passages that a join brought together (see
   * mergeAdjacent); unlimited when absent.
   */
  maxTouchingWords?: number
  /**
   * Most words of any passage of two or more chunks: a chunk that would take its passage past it
   * does not join (a passage of one chunk is as long as that chunk); unlimited when absent.
   */
  maxWords?: number
}

/**
 * Walks the ranking best first: a joinable chunk next to a passage already taken (same document
 * and section, ord just before or after it; or the opening chunk of the section right after it)
 * joins that passage while it has room; any other chunk starts a new passage while fewer than `k`
 * exist. Chunks further down the list than the k-th passage can only join, never displace, so the
 * order of the passages is the order of their best chunks.
 *
 * The passages do not depend on the order in which neighbours rank: a passage that a join has
 * brought next to another passage of its section becomes one with it, at the better one's rank,
 * as if the chunks had ranked the other way round. Otherwise a section's opening chunk that ranks
 * above the chunk between it and the best one stays a passage of its own, and the best passage
 * fills its last places with whatever follows it instead: its own continuation, or the next
 * section's opening (a PDF and an HTML copy of one manual rank their chunks in slightly
 * different orders, and got different passages from it). Two passages that each ranked on their
 * own are joined only while the whole stays short enough to read as one place
 * (`maxTouchingWords`): joined at any length, they made the top five's passages longer on average
 * than the chunks they freed room for.
 */
export function mergeAdjacent<C extends RankedChunk>(ranked: C[], opts: MergeOptions): MergedPassage<C>[] {
  const out: Building<C>[] = []
  const maxWords = opts.maxWords ?? Infinity
  const maxTouching = Math.min(opts.maxTouchingWords ?? Infinity, maxWords)
  for (const c of ranked) {
    const next =
      opts.maxChunks > 1 && c.joinable
        ? out.find(
            (p) =>
              p.anchor.documentId === c.documentId &&
              p.members.length < opts.maxChunks &&
              joins(p, c) &&
              fitsWith(p, c, maxWords),
          )
        : undefined
    if (next) {
      add(next, c)
      for (let p: Building<C> | null = next; p;) p = absorbNeighbour(out, p, opts.maxChunks, maxTouching)
      continue
    }
    if (out.length < opts.k) out.push({ anchor: c, members: [c], lo: c.ord, hi: c.ord })
  }
  return out.map((p) => {
    const members = [...p.members].sort((a, b) => a.ord - b.ord)
    return { anchor: p.anchor, members, text: passageText(members) }
  })
}

/** The members' text in document order, overlaps said once. */
function passageText(members: RankedChunk[]): string {
  return joinOverlapping([...members].sort((a, b) => a.ord - b.ord).map((m) => m.text))
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length

interface Building<C extends RankedChunk> {
  anchor: C
  members: C[]
  lo: number
  hi: number
}

/** Words a reader reads: a Markdown table's pipes and header rule are not words. */
const readWords = (text: string) =>
  text.split(/\s+/).filter((w) => w && w !== '|' && !/^:?-{3,}:?$/.test(w)).length

/** Whether `p` with `c` stays within `maxWords` words (counted only when a limit is set). */
function fitsWith<C extends RankedChunk>(p: Building<C>, c: C, maxWords: number): boolean {
  return maxWords === Infinity || readWords(passageText([...p.members, c])) <= maxWords
}

function add<C extends RankedChunk>(p: Building<C>, c: C): void {
  p.members.push(c)
  p.lo = Math.min(p.lo, c.ord)
  p.hi = Math.max(p.hi, c.ord)
}

/**
 * After `grown` took a chunk: a passage of the same document that now touches it joins it when
 * every one of its chunks could have joined it chunk by chunk (joinable, same section or the next
 * section's opening, room left) and the whole has at most `maxWords` words. The merged passage takes the better rank of the two; it is
 * returned (it may touch yet another passage), or null when nothing joined.
 */
function absorbNeighbour<C extends RankedChunk>(
  out: Building<C>[],
  grown: Building<C>,
  maxChunks: number,
  maxWords: number,
): Building<C> | null {
  for (const [j, q] of out.entries()) {
    if (q === grown || q.anchor.documentId !== grown.anchor.documentId) continue
    if (grown.members.length + q.members.length > maxChunks) continue
    const joined = joinedChunkByChunk(grown, q)
    if (!joined || wordCount(passageText(joined.members)) > maxWords) continue
    const i = out.indexOf(grown)
    const [first, second] = i < j ? [i, j] : [j, i]
    const merged = { ...joined, anchor: out[first]!.anchor }
    out[first] = merged
    out.splice(second, 1)
    return merged
  }
  return null
}

/** `p` with the members of the touching passage `q`, if each could have joined it in turn; else null. */
function joinedChunkByChunk<C extends RankedChunk>(p: Building<C>, q: Building<C>): Building<C> | null {
  const after = q.lo === p.hi + 1
  if (!after && q.hi !== p.lo - 1) return null
  // Outward from p, as the chunks would have joined it one by one.
  const order = [...q.members].sort((a, b) => (after ? a.ord - b.ord : b.ord - a.ord))
  const trial: Building<C> = { ...p, members: [...p.members] }
  for (const m of order) {
    if (!m.joinable || !joins(trial, m)) return null
    add(trial, m)
  }
  return trial
}

/**
 * Consecutive chunks repeat the previous chunk's last sentences (the chunking overlap): the joined
 * text keeps one copy. Chunks that start fresh (at a heading) are joined with a line break.
 */
export function joinOverlapping(texts: string[]): string {
  let out = texts[0] ?? ''
  for (const t of texts.slice(1)) {
    const cut = overlapStart(out, t)
    out = cut === null ? (joinTableRows(out, t) ?? `${out}\n${t}`) : out.slice(0, cut) + t
  }
  return out
}

/** The Markdown rule under a table's header: "| --- | --- |". */
const HEADER_RULE = /^\|( *:?-{3,}:? *\|)+ *$/

/**
 * A chunk that goes on with the rows of a table the passage already holds opens with that table's
 * caption and header again (chunk-pages.ts), before the rows it carries over: joined, the table is
 * said once, under its first header, and the carried rows once. Null when `t` does not open so.
 */
function joinTableRows(out: string, t: string): string | null {
  const lines = t.split('\n')
  const rule = lines.findIndex((l) => HEADER_RULE.test(l.trim()))
  if (rule < 1 || rule > 2 || !lines[rule - 1]!.trim().startsWith('|')) return null
  const head = lines.slice(0, rule + 1).join('\n')
  // The passage's latest table must be this one: no other header after its own.
  const at = out.lastIndexOf(head)
  if (
    at < 0 ||
    out
      .slice(at + head.length)
      .split('\n')
      .some((l) => HEADER_RULE.test(l.trim()))
  )
    return null
  const rest = lines.slice(rule + 1).join('\n')
  const cut = overlapStart(out, rest)
  if (cut !== null) return out.slice(0, cut) + rest
  // Rows that go on right after the passage's last row belong under its header too.
  const last = out.trimEnd().split('\n').at(-1)!.trim()
  return last.startsWith('|') && rest.trimStart().startsWith('|') ? `${out}\n${rest}` : null
}

/** Shorter common stretches are coincidence (a chunk ending and the next beginning with one word). */
const MIN_OVERLAP_CHARS = 12

/** Where the longest suffix of `a` that begins a word and is a prefix of `b` starts, or null. */
function overlapStart(a: string, b: string): number | null {
  for (let i = Math.max(0, a.length - b.length); i <= a.length - MIN_OVERLAP_CHARS; i++) {
    if (i > 0 && !/\s/.test(a[i - 1]!)) continue
    if (b.startsWith(a.slice(i))) return i
  }
  return null
}

/** Whether a chunk of the passage's document continues the passage (see RankedChunk.section). */
function joins(p: { members: RankedChunk[]; lo: number; hi: number }, c: RankedChunk): boolean {
  const besides = c.ord === p.lo - 1 || c.ord === p.hi + 1
  if (
    besides &&
    !sameTable(
      p.members.find((m) => m.ord === c.ord + 1 || m.ord === c.ord - 1)!,
      c,
    )
  )
    return false
  return (
    (besides && p.members.every((m) => sameSection(m.section, c.section))) ||
    (c.ord === p.hi + 1 && opensWithOwnHeading(c.section, c.text))
  )
}

/** "Table 9" when a chunk is a table's piece: it opens with that table's caption over its header. */
const OPENS_TABLE = /^Table (\d+)\b[^\n]*\n\|/

/**
 * False when two neighbouring chunks are pieces of two different numbered tables: each table is a
 * place of its own (a manual's Tables 8, 9 and 10 printed one after another made one passage of
 * three tables' pieces).
 */
function sameTable(a: RankedChunk, b: RankedChunk): boolean {
  const x = OPENS_TABLE.exec(a.text)?.[1]
  const y = OPENS_TABLE.exec(b.text)?.[1]
  return x === undefined || y === undefined || x === y
}

/** Equal heading paths, or one section inside the other ("5 Illustrations" and "5 Illustrations > 5.1 Data"). */
export function sameSection(a: string | null, b: string | null): boolean {
  if (a === b) return true
  if (a === null || b === null) return false
  return a.startsWith(b + HEADING_PATH_SEPARATOR) || b.startsWith(a + HEADING_PATH_SEPARATOR)
}
