// Where the importer, the parse workers and the benchmarks parse a document: any importable file,
// through the format registry (format-registry.ts), which picks the reader.
export type { ParseOptions, ParsedDocument } from './parse-types.js'
export { readDocument as parseDocument } from './format-registry.js'
