#!/usr/bin/env node
// Downloads the embedding model (Xenova/all-MiniLM-L6-v2, q8 ONNX) at the revision pinned in
// scripts/model-manifest.json into resources/models/all-MiniLM-L6-v2/, checking every file's SHA-256.
// Everything is downloaded into a staging folder next to the destination and moved into place only once
// every file is verified, so the app never sees a partial or unverified model.
//
// Usage: node scripts/fetch-model.mjs [--dest DIR] [--optional]
//   --dest DIR    model folder to create (default resources/models/all-MiniLM-L6-v2)
//   --optional    a download failure is not an error (exit 0): Quire then runs in keyword-only mode
// HF_ENDPOINT overrides https://huggingface.co (a mirror), as in the Hugging Face tools.
import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream, existsSync, readFileSync } from 'node:fs'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'

const CONNECT_TIMEOUT_MS = 15_000
// A stalled transfer is given up after this long without a single byte; a slow but moving one is not.
const STALL_TIMEOUT_MS = 30_000
const OFFLINE_MESSAGE =
  'Could not download the embedding model (offline?). Quire will run in keyword-only mode; ' +
  'run `npm run fetch-model` on a machine with internet or import a model folder.'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const manifest = JSON.parse(readFileSync(join(repoRoot, 'scripts', 'model-manifest.json'), 'utf8'))

/** Failures of the transfer itself (as opposed to a verification failure, which is never optional). */
class DownloadError extends Error {}

function parseArgs(argv) {
  const args = { dest: join(repoRoot, 'resources', 'models', manifest.folder), optional: false }
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--optional') args.optional = true
    else if (argv[i] === '--dest' && argv[i + 1]) args.dest = resolve(argv[++i])
    else if (argv[i].startsWith('--dest=')) args.dest = resolve(argv[i].slice('--dest='.length))
    else
      throw new Error(
        `Unknown argument: ${argv[i]}\nUsage: node scripts/fetch-model.mjs [--dest DIR] [--optional]`,
      )
  }
  return args
}

async function sha256OfFile(path) {
  const hash = createHash('sha256')
  hash.update(await readFile(path))
  return hash.digest('hex')
}

function fileUrl(path) {
  const host = (process.env.HF_ENDPOINT || 'https://huggingface.co').replace(/\/+$/, '')
  return `${host}/${manifest.modelId}/resolve/${manifest.revision}/${path}`
}

/** Streams url to target while hashing; returns the SHA-256. Timeouts and HTTP errors become DownloadError. */
async function download(url, target) {
  const controller = new AbortController()
  let timer = setTimeout(() => controller.abort(new Error('connection timed out')), CONNECT_TIMEOUT_MS)
  const restartTimer = () => {
    clearTimeout(timer)
    timer = setTimeout(() => controller.abort(new Error('download stalled')), STALL_TIMEOUT_MS)
  }
  try {
    let response
    try {
      response = await fetch(url, { signal: controller.signal, redirect: 'follow' })
    } catch (err) {
      throw new DownloadError(`${url}: ${err?.cause?.message ?? err?.message ?? err}`)
    }
    if (!response.ok || !response.body) throw new DownloadError(`${url}: HTTP ${response.status}`)
    restartTimer()
    const hash = createHash('sha256')
    const body = Readable.fromWeb(response.body)
    body.on('data', (chunk) => {
      hash.update(chunk)
      restartTimer()
    })
    try {
      await pipeline(body, createWriteStream(target))
    } catch (err) {
      throw new DownloadError(`${url}: ${controller.signal.reason?.message ?? err?.message ?? err}`)
    }
    return hash.digest('hex')
  } finally {
    clearTimeout(timer)
  }
}

/** True when dest already holds every file with its pinned hash (nothing to do). */
async function alreadyPresent(dest) {
  if (!existsSync(join(dest, 'quire-model.json'))) return false
  for (const file of manifest.files) {
    const path = join(dest, file.path)
    if (!file.sha256 || !existsSync(path) || (await sha256OfFile(path)) !== file.sha256) return false
  }
  return true
}

async function fetchModel(dest) {
  if (await alreadyPresent(dest)) {
    console.log(
      `${manifest.modelId}@${manifest.revision.slice(0, 12)} already present and verified in ${dest}`,
    )
    return
  }
  const staging = join(dirname(dest), `.fetch-${randomUUID()}`)
  const replaced = `${staging}-replaced`
  const computed = {}
  try {
    for (const file of manifest.files) {
      const target = join(staging, file.path)
      await mkdir(dirname(target), { recursive: true })
      const partial = `${target}.part`
      process.stdout.write(`Downloading ${file.path} ... `)
      const actual = await download(fileUrl(file.path), partial)
      if (file.sha256 && actual !== file.sha256) {
        console.log('FAILED')
        throw new Error(
          `${file.path}: SHA-256 ${actual} does not match the pinned ${file.sha256} ` +
            `(revision ${manifest.revision}). Refusing to install it.`,
        )
      }
      if (file.sha256) console.log('verified')
      else console.log(`done, NOT verified against a pinned hash (none pinned); SHA-256 ${actual}`)
      computed[file.path] = actual
      await rename(partial, target)
    }
    const info = { modelId: manifest.modelId, revision: manifest.revision, sha256: computed }
    await writeFile(join(staging, 'quire-model.json'), JSON.stringify(info, null, 2) + '\n')
    if (existsSync(dest)) await rename(dest, replaced)
    await rename(staging, dest)
    console.log(`Embedding model ready: ${dest}`)
  } finally {
    await rm(staging, { recursive: true, force: true })
    await rm(replaced, { recursive: true, force: true })
  }
}

async function main() {
  let args
  try {
    args = parseArgs(process.argv.slice(2))
  } catch (err) {
    console.error(err.message)
    return 2
  }
  await mkdir(dirname(args.dest), { recursive: true })
  try {
    await fetchModel(args.dest)
    return 0
  } catch (err) {
    if (err instanceof DownloadError) {
      console.log('')
      console.error(OFFLINE_MESSAGE)
      if (!args.optional) console.error(`Cause: ${err.message}`)
      return args.optional ? 0 : 1
    }
    console.error(err instanceof Error ? err.message : String(err))
    return 1
  }
}

process.exitCode = await main()
