// The layer rule (after VS Code's `code-layering`): every import is resolved to the folder it
// lands in, and a folder may import only the folders beneath it. Written as a local rule because
// the imports use both relative paths and the @shared/@renderer aliases, which a pattern list
// (no-restricted-imports) cannot tell apart reliably.
//
//   src/shared ← engine ← services ← ipc, cli ← server ← desktop      (src/main)
//   src/shared ← preload;  src/shared ← renderer
//
// Inside the engine the same idea at a finer grain (lower rank first, equal ranks are peers that
// must not import each other): text ← embed, store ← vectors, rerank ← ingest, retrieve, chat ←
// generate ← summarize, compare ← answer ← library ← worker ← open-library (ocr/ belongs to the ingest layer).
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
const ALIASES = {
  '@shared/': 'src/shared/',
  '@renderer/': 'src/renderer/src/',
  '@tests/': 'tests/',
}

/** Top-level layers and what each may import (besides itself). */
const LAYERS = {
  shared: [],
  engine: ['shared'],
  services: ['shared', 'engine'],
  ipc: ['shared', 'engine', 'services'],
  cli: ['shared', 'engine', 'services'],
  // Browser mode serves the same IPC handler table over HTTP.
  server: ['shared', 'engine', 'services', 'ipc'],
  desktop: ['shared', 'engine', 'services', 'ipc', 'cli', 'server'],
  preload: ['shared'],
  renderer: ['shared'],
}

/** Engine folders that are one layer: OCR is a stage of ingestion. */
const ENGINE_GROUP = { ocr: 'ingest' }

const ENGINE_RANK = {
  text: 0,
  // Text fingerprints and sketches (one document per text): read by the store, import and search.
  duplicates: 0,
  embed: 1,
  store: 1,
  // The vector file is written under the store's SQLite lock (one writer).
  vectors: 2,
  // The cross-encoder loads like the embedder (embed/) and the rerank stage (retrieve/) uses it.
  rerank: 2,
  ingest: 3,
  retrieve: 3,
  chat: 3,
  generate: 4,
  // Cited summaries ask the model (generate) and are one of the answers' paths.
  summarize: 4.5,
  // Comparisons search each document (retrieve) and read their chunks (store); answers use them.
  compare: 4.5,
  answer: 5,
  library: 6,
  // The full check and repair drive a Library (they re-import damaged documents).
  'check-library': 7,
  worker: 7,
  // Watched folders drive a Library (imports and removals as files change).
  watch: 7,
  // The owner of an open library: the Library, its collections, conversations, answerer and imports.
  'open-library': 8,
}

/** Layer of a repository-relative path, and for the engine its sub-folder. */
function place(rel) {
  const parts = rel.split('/')
  if (parts[0] === 'tests') return { layer: 'tests' }
  if (parts[0] !== 'src') return null
  if (parts[1] === 'shared' || parts[1] === 'preload' || parts[1] === 'renderer') return { layer: parts[1] }
  if (parts[1] !== 'main') return null
  return {
    layer: parts[2],
    sub: parts[2] === 'engine' ? parts[3]?.replace(/(\.test)?\.[jt]sx?$/, '') : undefined,
  }
}

function resolveSpecifier(file, spec) {
  for (const [alias, dir] of Object.entries(ALIASES))
    if (spec.startsWith(alias)) return dir + spec.slice(alias.length)
  if (spec.startsWith('.'))
    return path
      .relative(ROOT, path.resolve(path.dirname(file), spec))
      .split(path.sep)
      .join('/')
  return null
}

function problem(fromRel, toRel) {
  const from = place(fromRel)
  const to = place(toRel)
  if (!from || !to || !(from.layer in LAYERS)) return null
  const isTest = /\.test\.tsx?$/.test(fromRel)
  if (to.layer === 'tests') return isTest ? null : 'production code never imports test support (tests/)'
  if (to.layer !== from.layer) {
    return LAYERS[from.layer].includes(to.layer)
      ? null
      : `${from.layer} may import only ${['itself', ...LAYERS[from.layer]].join(', ')}, not ${to.layer}`
  }
  // Tests may build their fixtures with any engine module (e.g. Library); production code may not.
  const group = (sub) => ENGINE_GROUP[sub] ?? sub
  if (from.layer === 'engine' && group(from.sub) !== group(to.sub) && !isTest) {
    const a = ENGINE_RANK[group(from.sub)]
    const b = ENGINE_RANK[group(to.sub)]
    if (a === undefined || b === undefined)
      return `engine/${from.sub ?? to.sub} has no rank in eslint/layers.js`
    if (b >= a) return `engine/${from.sub} (rank ${a}) may not import engine/${to.sub} (rank ${b})`
  }
  return null
}

const rule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { layer: 'Layer rule: {{why}}. See docs/architecture.md.' },
  },
  create(context) {
    const file = context.filename
    const fromRel = path.relative(ROOT, file).split(path.sep).join('/')
    const check = (node, spec) => {
      if (typeof spec !== 'string') return
      const toRel = resolveSpecifier(file, spec)
      const why = toRel && problem(fromRel, toRel)
      if (why) context.report({ node, messageId: 'layer', data: { why } })
    }
    return {
      ImportDeclaration: (n) => check(n, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n, n.source.value),
      ExportAllDeclaration: (n) => check(n, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n, n.source.value),
    }
  },
}

export default { rules: { layers: rule } }
