// Whether the asker names a table as where the answer is ("going by the operators table",
// "according to the table of solvers", "in Table 2", "what does the table give for …"): such a
// question is a lookup in a table, and a passage of running text that shares its words answers it
// less well than the table's rows (fuse-candidates.ts).

const CITES_TABLE =
  /\b(?:in|from|by|per|using|according to|going by|based on)\s+(?:the|this|that|its|their)\s+(?:[\p{L}\p{N}'’-]+\s+){0,4}?tables?\b|\btables?\s+\d+\b|\bthe\s+table\s+(?:of|gives?|lists?|shows?|says?|reports?)\b/iu

/** True when the question names a table as its source. */
export function citesTable(question: string): boolean {
  return CITES_TABLE.test(question)
}
