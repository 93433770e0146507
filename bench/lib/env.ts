import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Repository root (bench/ lives directly under it). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const CACHE = path.join(ROOT, '.cache', 'bench')

/** The random-weight MiniLM: same shapes and cost as all-MiniLM-L6-v2, meaningless vectors. Throughput only. */
export function modelDir(): string {
  return path.resolve(
    process.env.QUIRE_BENCH_MODEL ?? path.join(ROOT, '..', 'shared', 'models', 'minilm-l6-random'),
  )
}

export function corpusDir(): string {
  return path.resolve(process.env.QUIRE_DEV_CORPUS ?? path.join(ROOT, '.cache', 'dev-corpus'))
}

/** The questions of the shared dev QA set (`sharedDir`: the shared material, ../shared by default). */
export function devQuestions(sharedDir = path.join(ROOT, '..', 'shared')): string[] {
  return fs
    .readFileSync(path.join(sharedDir, 'eval', 'dev_qa.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { question: string }).question)
}

/** Fetches the dev corpus with the shared script when a PDF is missing (the script verifies sha256s). */
export function ensureCorpus(): string[] {
  const dir = corpusDir()
  const pdfs = () => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.pdf')) : [])
  if (pdfs().length < 6) {
    const script = path.join(ROOT, '..', 'shared', 'eval', 'fetch-dev-corpus.sh')
    execFileSync('bash', [script, dir], { stdio: ['ignore', process.stderr, process.stderr] })
  }
  return pdfs()
    .sort()
    .map((f) => path.join(dir, f))
}

export interface Machine {
  cpu: string
  cores: number
  ram_gib: number
  node: string
  platform: string
  /** 1-minute load average when the bench started: other work on the machine skews every figure. */
  load_avg_1m: number
}

export function machine(): Machine {
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.availableParallelism(),
    ram_gib: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    load_avg_1m: Math.round(os.loadavg()[0]! * 100) / 100,
  }
}

/** Peak resident memory of this process so far, MiB (worker threads included). */
export function peakRssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024)
}

export function dirBytes(dir: string): number {
  let total = 0
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    total += e.isDirectory() ? dirBytes(p) : fs.statSync(p).size
  }
  return total
}

/** stderr carries progress so stdout stays: table, then one JSON line. */
export function log(msg: string): void {
  process.stderr.write(`[bench] ${msg}\n`)
}

export function cores(): number {
  return os.availableParallelism()
}

/** Sections print their result as the last stdout line. */
export function emit(result: unknown): void {
  process.stdout.write(`${JSON.stringify(result)}\n`)
}

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback
}
