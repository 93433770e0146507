// The caption of the table a passage holds rows of, read from the passage's text: table passages
// (standalone or inline, docs/tables.md) put the caption on the line just above their Markdown
// header. Used where a passage is handed on without its chunk (`ask --json`'s `table`).

const RULE = /^\|( *:?-{3,}:? *\|)+$/
const ROW = /^\|.*\|$/
/** A caption line of a document's table ("Table 3: …") or a printout's label ("Coefficients:"). */
const CAPTION = /^(table|tab\.)\s+\S+|^[^|]{1,60}:$/i

/**
 * The caption of the first table in the passage: the line above its header when the passage opens
 * with it (a table passage) or it reads as a caption; null when the passage holds no table or its
 * table has no caption.
 */
export function tableCaptionOf(text: string): string | null {
  const lines = text.split('\n').map((l) => l.trim())
  const rule = lines.findIndex((l) => RULE.test(l))
  if (rule < 1 || !ROW.test(lines[rule - 1]!)) return null
  const above = rule - 2
  if (above < 0) return null
  const line = lines[above]!
  if (!line || ROW.test(line)) return null
  return above === 0 || CAPTION.test(line) ? line : null
}
